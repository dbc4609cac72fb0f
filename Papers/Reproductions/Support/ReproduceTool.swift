import Foundation

/// The `reproduce` command line: parses arguments, runs sources, writes results, and turns claim
/// verdicts into an exit status.
public enum ReproduceTool {
    /// What the command line asks for.
    enum Command: Equatable {
        case help
        case list
        /// Run the named sources (already checked against the registry), writing into `output`
        /// (`nil`: write nothing).
        case run(names: [String], quick: Bool, output: String?)
    }

    /// A command line that cannot be run.
    enum UsageError: Error, Equatable, CustomStringConvertible {
        case unknownSource(String, known: [String])
        case unknownOption(String)
        case missingValue(option: String)
        case nothingToRun

        var description: String {
            switch self {
            case .unknownSource(let name, let known):
                "unknown source '\(name)'; known sources: \(known.joined(separator: ", ")) (see --list)"
            case .unknownOption(let option): "unknown option '\(option)' (see --help)"
            case .missingValue(let option): "\(option) needs a value"
            case .nothingToRun: "name a source, or pass --all or --list (see --help)"
            }
        }
    }

    static let usage = """
        Usage: reproduce [--quick] [--output DIR] (--all | NAME...)
               reproduce --list | --help

        Runs the experiments of each named source (a paper or talk under Papers/), prints whether each
        claim held, and writes the tables (CSV, JSON), charts (SVG) and the generated region of the
        source's README.md into DIR/<folder>/.

          --all          run every source
          --list         list the sources
          --quick        small sizes and short timings (for CI); writes nothing unless --output is given
          --output DIR   the directory holding the source folders (default: Papers, for full runs)
          --help         show this help

        Exit status: 0 when every gated claim held, 1 when one did not, 2 for a usage error.
        """

    /// Parses `arguments` (without the program name) against `sources`.
    static func parse(_ arguments: [String], sources: [any ReproductionSource] = Registry.sources) throws(UsageError) -> Command {
        var names: [String] = []
        var all = false, list = false, quick = false
        var output: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": return .help
            case "--list": list = true
            case "--all": all = true
            case "--quick": quick = true
            case "--output":
                guard let value = remaining.popFirst() else { throw .missingValue(option: argument) }
                output = value
            default:
                if argument.hasPrefix("-") { throw .unknownOption(argument) }
                guard let source = Registry.source(named: argument, in: sources) else {
                    throw .unknownSource(argument, known: sources.map(\.name))
                }
                if !names.contains(source.name) { names.append(source.name) }
            }
        }
        if list { return .list }
        if all { names = sources.map(\.name) }
        guard !names.isEmpty else { throw .nothingToRun }
        return .run(names: names, quick: quick, output: output ?? (quick ? nil : "Papers"))
    }

    /// Runs the tool with `arguments` (without the program name); returns the exit status.
    public static func main(arguments: [String]) -> Int32 {
        let command: Command
        do {
            command = try parse(arguments)
        } catch {
            printError("reproduce: \(error)")
            return 2
        }
        switch command {
        case .help:
            print(usage)
            return 0
        case .list:
            let width = Registry.sources.map(\.name.count).max() ?? 0
            for source in Registry.sources {
                print(source.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + source.summary)
            }
            return 0
        case .run(let names, let quick, let output):
            return run(names: names, quick: quick, output: output)
        }
    }

    private static func run(names: [String], quick: Bool, output: String?) -> Int32 {
        var writer: ResultsWriter?
        if let output {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue else {
                printError("reproduce: no directory '\(output)'; run from the package root or pass --output DIR")
                return 2
            }
            writer = ResultsWriter(root: URL(fileURLWithPath: output, isDirectory: true))
        }
        let started = Timing.now()
        var failed: [String] = []
        for name in names {
            guard let source = Registry.source(named: name) else { continue }
            print("== \(source.name): \(source.summary)")
            let sourceStarted = Timing.now()
            let context = RunContext(quick: quick) { message in
                let seconds = Double(Timing.now() - sourceStarted) / 1e9
                printError(String(format: "   [%6.1f s] ", seconds) + message)
            }
            let results = source.run(context)
            for claim in results.claims {
                let mark = claim.held ? "held        " : claim.gated ? "DID NOT HOLD" : "did not hold"
                print("   \(mark) \(claim.statement)\(claim.gated ? "" : " [measured, not gated]")")
                print("                \(claim.evidence)")
                if claim.gated && !claim.held { failed.append("\(source.name): \(claim.statement)") }
            }
            if let writer {
                let command = "swift run -c release reproduce \(source.name)\(quick ? " --quick" : "")"
                let region = results.markdown(command: command, machine: machineDescription, quick: quick)
                do {
                    try writer.write(results, for: source, region: region)
                    print("   wrote \(writer.root.appendingPathComponent(source.folder).path)/")
                } catch {
                    printError("reproduce: cannot write the results of \(source.name): \(error)")
                    return 2
                }
            }
            print(String(format: "   %.1f s", Double(Timing.now() - sourceStarted) / 1e9))
        }
        print(String(format: "total %.1f s", Double(Timing.now() - started) / 1e9))
        if !failed.isEmpty {
            printError("reproduce: claims that should hold did not:")
            for claim in failed { printError("  - \(claim)") }
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
