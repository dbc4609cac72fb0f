import ArgumentParsing
import Foundation

/// The `reproduce` command line: parses arguments, runs papers, writes their results, and turns
/// claim verdicts into an exit status.
///
/// An outside package reproduces its own papers (or this package's with experiments of its own)
/// the same way the `reproduce` executable does:
///
/// ```swift
/// import Foundation
/// import Reproductions
///
/// exit(ReproduceTool(papers: Paper.all + [myPaper]).main(arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
///
/// `main` must get the command line unchanged: to count instructions, the tool runs its own
/// executable under callgrind with `--count OPERATION N`.
public struct ReproduceTool: Sendable {
    /// The papers the tool knows, in the order `--all` runs them.
    public let papers: [Paper]

    /// A tool for `papers` (this package's by default).
    public init(papers: [Paper] = Paper.all) {
        self.papers = papers
    }

    /// What the command line asks for.
    enum Command: Equatable {
        case help
        case list
        /// Run the named papers (already checked), writing into `output` (`nil`: write nothing);
        /// `createOutput`: create it when missing (the user named it).
        case run(names: [String], quick: Bool, output: String?, createOutput: Bool)
        /// Run `calls` calls of a counted operation (what the tool runs itself with under callgrind).
        case count(operation: String, calls: Int)
    }

    /// `reproduce`'s options, one line each.
    static let spec = CommandSpec(
        "reproduce",
        summary: "Runs paper reproductions and prints each claim's verdict.",
        description: """
            Runs the experiments of each named paper (or talk), prints each claim's verdict, and writes the \
            tables (CSV, JSON), charts (SVG), drawings and the generated region of the paper's README.md into \
            DIR/<folder>/. Name papers by name or folder, in any case (see --list).
            """,
        options: [
            .flag("--all", help: "Run every paper."),
            .flag("--list", help: "List the papers and exit."),
            .flag("--quick", help: "Small sizes and short timings (for CI); writes nothing unless --output is given."),
            .value("--output", "DIR", .path, help: "The directory holding the paper folders, created if missing.",
                   default: "Papers, which must exist, for full runs"),
            OptionSpec("--count", values: [
                ValueSpec("OPERATION", .name(kind: "counted operation", among: CountedOperations.all.keys.sorted())),
                ValueSpec("N", .integer(1 ... .max)),
            ], help: "Build a counted operation's state and run N calls of it, alone on the command line; the tool "
                + "runs itself so under callgrind to count instructions."),
        ],
        arguments: [ValueSpec("NAME", .text)],
        lastArgumentRepeats: true,
        notes: """
            A claim is exact (decided on counts or values, the same on every run) or measured (decided on \
            the 95 % interval of repeated timings or memory sizes: held, did not hold, or inconclusive when \
            the interval straddles the threshold). Claims that one evaluator does less work than another \
            are decided on instructions counted by valgrind's callgrind when it is installed (full runs \
            only), and measured otherwise. Measured claims never fail the run.

            \(ExitStatus.help(failure: "a gated exact claim did not hold"))
            """
    )

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``ArgumentParsing/ArgumentError`` naming what is wrong.
    func parse(_ arguments: [String]) throws(ArgumentError) -> Command {
        let parsed = try Self.spec.parse(arguments)
        if parsed.wantsHelp { return .help }
        if let count = parsed.values("--count") {
            guard parsed.arguments.isEmpty && parsed.givenOptions == ["--count"] else {
                throw .invalid("--count OPERATION N runs alone: give no papers and no other options with it")
            }
            return .count(operation: count[0], calls: Int(count[1])!)
        }
        let repeated = Self.sharedNames(papers)
        if !repeated.isEmpty { throw .invalid("two papers share the name or folder \(repeated.joined(separator: ", "))") }
        if parsed.has("--list") { return .list }
        var names: [String] = []
        for argument in parsed.arguments {
            guard let paper = papers.paper(named: argument) else {
                throw .unknownName(option: nil, kind: "paper", name: argument, known: papers.map(\.name))
            }
            if !names.contains(paper.name) { names.append(paper.name) }
        }
        if parsed.has("--all") { names = papers.map(\.name) }
        guard !names.isEmpty else { throw .invalid("name a paper, or pass --all or --list") }
        let quick = parsed.has("--quick"), output = parsed.string("--output")
        return .run(names: names, quick: quick, output: output ?? (quick ? nil : "Papers"), createOutput: output != nil)
    }

    /// The names and folders (lowercased) that more than one of `papers` answers to.
    static func sharedNames(_ papers: [Paper]) -> [String] {
        var owner: [String: Int] = [:], shared: Set<String> = []
        for (index, paper) in papers.enumerated() {
            for key in Set([paper.name.lowercased(), paper.folder.lowercased()]) {
                if let other = owner[key], other != index { shared.insert(key) }
                owner[key] = index
            }
        }
        return shared.sorted()
    }

    /// Runs the tool with `arguments` (without the program name); returns the exit status.
    public func main(arguments: [String]) -> Int32 {
        let command: Command
        do {
            command = try parse(arguments)
        } catch {
            Self.printError(error.line(tool: "reproduce"))
            return ExitStatus.usage
        }
        switch command {
        case .help:
            print(Self.spec.help(path: "reproduce"))
            return ExitStatus.success
        case .list:
            let width = papers.map(\.name.count).max() ?? 0
            for paper in papers {
                print(paper.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + paper.summary)
            }
            return 0
        case .run(let names, let quick, let output, let createOutput):
            var writer: ResultsWriter?
            if let output {
                do {
                    writer = try Self.writer(for: output, create: createOutput)
                } catch {
                    Self.printError("reproduce: \(error)")
                    return 2
                }
            }
            return run(names.compactMap { papers.paper(named: $0) }, quick: quick, writer: writer)
        case .count(let operation, let calls):
            CountedOperations.run(operation, calls: calls)
            return 0
        }
    }

    /// Why the output directory cannot be used.
    struct OutputError: Error, CustomStringConvertible {
        let description: String
    }

    /// A writer into `path`, which is created when missing if `create` is set.
    static func writer(for path: String, create: Bool) throws(OutputError) -> ResultsWriter {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            throw OutputError(description: "'\(path)' is a file, not a directory")
        }
        if !exists {
            guard create else {
                throw OutputError(description: "no directory '\(path)'; run from the package root or pass --output DIR")
            }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw OutputError(description: "cannot create the directory '\(path)' (check that its parent is a writable directory)")
            }
        }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw OutputError(description: "cannot write into the directory '\(path)'")
        }
        return ResultsWriter(root: URL(fileURLWithPath: path, isDirectory: true), graphviz: Graphviz.find())
    }

    private func run(_ selected: [Paper], quick: Bool, writer: ResultsWriter?) -> Int32 {
        if writer != nil && writer?.graphviz == nil {
            Self.printError("reproduce: Graphviz's dot is not installed: drawings already in the output folder are kept, new ones are DOT only")
        }
        var counter: InstructionCounter?
        if !quick && selected.contains(where: CountedOperations.areCounted) {
            switch InstructionCounter.forThisProcess() {
            case .success(let found): counter = found
            case .failure(let reason):
                Self.printError("reproduce: cannot count instructions: \(reason); the claims decided on them are decided on timings, whose verdicts can change from run to run")
            }
        }
        let started = Timing.now()
        var failed: [String] = []
        for paper in selected {
            print("== \(paper.name): \(paper.summary)")
            let paperStarted = Timing.now()
            var context = RunContext(quick: quick) { message in
                let seconds = Double(Timing.now() - paperStarted) / 1e9
                Self.printError(String(format: "   [%6.1f s] ", seconds) + message)
            }
            context.instructionCounter = counter
            let report = paper.run(context)
            for claim in report.claims {
                let mark = claim.failsRun ? "DID NOT HOLD" : claim.verdict.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                print("   \(mark) \(claim.statement) [\(claim.verdictDescription)]")
                if case .measured = claim.basis { print("                \(claim.intervalDescription)") }
                print("                \(claim.evidence)")
                if claim.failsRun { failed.append("\(paper.name): \(claim.statement)") }
            }
            if let writer {
                let command = "swift run -c release reproduce \(paper.name)\(quick ? " --quick" : "")"
                do {
                    try writer.write(report, for: paper, command: command, machine: Self.machineDescription, quick: quick)
                    print("   wrote \(writer.root.appendingPathComponent(paper.folder).path)/")
                } catch {
                    Self.printError("reproduce: cannot write the results of \(paper.name): \(error)")
                    return 2
                }
            }
            print(String(format: "   %.1f s", Double(Timing.now() - paperStarted) / 1e9))
        }
        print(String(format: "total %.1f s", Double(Timing.now() - started) / 1e9))
        if !failed.isEmpty {
            Self.printError("reproduce: claims that should hold did not:")
            for claim in failed { Self.printError("  - \(claim)") }
            return 1
        }
        return 0
    }

    /// A short description of the machine, for the generated text.
    static var machineDescription: String {
        let info = ProcessInfo.processInfo
        let gigabytes = Double(info.physicalMemory) / Double(1 << 30)
        #if os(Linux)
        let system = "Linux"
        #else
        let system = "macOS"
        #endif
        return "\(info.activeProcessorCount) cores, \(String(format: "%.0f", gigabytes)) GB, \(system)"
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
