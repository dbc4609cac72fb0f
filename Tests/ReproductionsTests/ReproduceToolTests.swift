import ArgumentParsing
import Foundation
@testable import Reproductions
import Reporting
import Testing

/// A claim and a table, as an outside package's experiment would make them.
struct FixedExperiment: Experiment {
    let title: String
    let claim: Claim

    func run(_ context: RunContext) -> Report {
        var report = Report()
        report.claim(claim)
        report.table(Table(title: "T", columns: [Column("n")], rows: [[.integer(1)]]), file: "t-\(title.lowercased())")
        return report
    }
}

/// A paper of fixed experiments, in its own folder.
func fixedPaper(_ claims: [Claim], name: String = "fake") -> Paper {
    Paper(name: name, folder: name.capitalized, summary: "a paper for tests",
          experiments: claims.enumerated().map { FixedExperiment(title: "E\($0.offset)", claim: $0.element) })
}

/// A fresh directory path under the temporary directory (not created).
func temporaryPath() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("reproduce-\(UUID().uuidString)")
}

@Suite struct ReproduceToolTests {
    private let tool = ReproduceTool()

    @Test func badArgumentsAreUsageErrors() {
        #expect(throws: ArgumentError.unknownName(option: nil, kind: "paper", name: "nope", known: Paper.all.map(\.name))) {
            try tool.parse(["nope"])
        }
        #expect(throws: ArgumentError.invalid("name a paper, or pass --all or --list")) { try tool.parse(["--quick"]) }
        #expect(throws: ArgumentError.unknownOption("--quik", suggestion: "--quick")) { try tool.parse(["--quik", "--all"]) }
        #expect(tool.main(arguments: ["hudson1991", "nope"]) == 2)
        #expect(tool.main(arguments: ["--frobnicate"]) == 2)
        #expect(tool.main(arguments: []) == 2)
        #expect(tool.main(arguments: ["--all", "--output"]) == 2)
        #expect(tool.main(arguments: ["--all", "--output", "--quick"]) == 2)
    }

    @Test func parsesNamesOptionsAndDefaults() throws {
        #expect(try tool.parse(["--list"]) == .list)
        #expect(try tool.parse(["--all", "--help"]) == .help)
        #expect(try tool.parse(["--all"]) == .run(names: Paper.all.map(\.name), quick: false, output: "Papers", createOutput: false))
        #expect(try tool.parse(["--quick", "Hudson1991"]) == .run(names: ["hudson1991"], quick: true, output: nil, createOutput: false))
        #expect(try tool.parse(["hudson1991", "--output", "/tmp/x", "HUDSON1991"])
            == .run(names: ["hudson1991"], quick: false, output: "/tmp/x", createOutput: true))
        #expect(throws: ArgumentError.missingValue(option: "--output", valueName: "DIR")) {
            try tool.parse(["--all", "--output"])
        }
        #expect(throws: ArgumentError.missingValue(option: "--output", valueName: "DIR")) {
            try tool.parse(["--all", "--output", "--quick"])
        }
        #expect(try tool.parse(["--list", "--quick"]) == .list)
        let help = ReproduceTool.spec.help(path: "reproduce")
        #expect(help.hasPrefix("USAGE: reproduce [options] [NAME...]"))
        for option in ["--all", "--list", "--quick", "--output DIR", "--count OPERATION N", "--help", "Exit status: 0"] {
            #expect(help.contains(option), "\(option)")
        }
    }

    /// `--count` is what the tool runs itself with under callgrind to count an operation's
    /// instructions: it accepts only a counted operation and a positive number of calls, alone,
    /// names what is wrong otherwise, and runs the operation.
    @Test func countRunsACountedOperation() throws {
        #expect(try tool.parse(["--count", "vanderzanden2001.lazy-frame", "3"]) == .count(operation: "vanderzanden2001.lazy-frame", calls: 3))
        let bad: [([String], String)] = [
            (["--count"], "--count needs a value (OPERATION N)"),
            (["--count", "nope", "3"], "unknown counted operation 'nope' for --count; known: "),
            (["--count", "vanderzanden2001.lazy-frame", "0"], "invalid value '0' for --count"),
            (["--count", "vanderzanden2001.lazy-frame", "x"], "invalid value 'x' for --count"),
            (["--count", "vanderzanden2001.lazy-frame", "3", "4"], "--count OPERATION N runs alone"),
            (["--quick", "--count", "vanderzanden2001.lazy-frame", "3"], "--count OPERATION N runs alone"),
        ]
        for (arguments, problem) in bad {
            let error = #expect(throws: ArgumentError.self) { try tool.parse(arguments) }
            #expect(error?.description.contains(problem) == true, "\(arguments): \(error.map(String.init(describing:)) ?? "")")
            #expect(tool.main(arguments: arguments) == 2)
        }
        let unknown = #expect(throws: ArgumentError.self) { try tool.parse(["--count", "nope", "3"]) }
        #expect(unknown?.description.contains("vanderzanden2001.mark-sweep.0") == true, "the message lists the operations")
        #expect(tool.main(arguments: ["--count", "vanderzanden2001.topological.5", "2"]) == 0)
        // A paper named "count" is a paper, not the subcommand.
        #expect(throws: ArgumentError.unknownName(option: nil, kind: "paper", name: "count", known: Paper.all.map(\.name))) {
            try tool.parse(["count"])
        }
    }

    /// A counted frame does the work of a timed one: from the second pass over the frames on, the
    /// configuration counted for claim 2 runs the rules the experiment reports for it.
    @Test func theCountedFramesDoTheTimedWork() {
        let workload = EagerVersusLazy.workload(quick: true)
        let pair = EagerVersusLazy.Pair(workload: workload, changes: 1, visible: 1)
        for call in pair.frames.indices {
            pair.lazyFrame(call)
            pair.eagerFrame(call)
        }
        let lazyBefore = pair.lazy.graph.statistics.evaluations, eagerBefore = pair.eager.graph.statistics.evaluations
        let effectsBefore = pair.effectRuns.total
        for call in pair.frames.count ..< 2 * pair.frames.count {
            pair.lazyFrame(call)
            pair.eagerFrame(call)
        }
        let lazy = pair.lazy.graph.statistics.evaluations - lazyBefore
        let eager = pair.eager.graph.statistics.evaluations - eagerBefore - (pair.effectRuns.total - effectsBefore)
        #expect(lazy > 10 * pair.frames.count, "new values every pass: the frames are not cut off")
        #expect(lazy == eager)
    }

    /// An executable whose `main` does not hand `--count` to the tool (here, the test runner) is
    /// caught instead of being counted doing nothing.
    @Test func countingAnExecutableThatDoesNotRunTheOperationFails() throws {
        guard case .success(let counter) = InstructionCounter.forThisProcess() else { return }  // no valgrind
        #expect(throws: (any Error).self) {
            _ = try counter.instructionsPerCall(of: "vanderzanden2001.lazy-frame", calls: 1)
        }
    }

    @Test func paperNamesAndFoldersAreUnique() {
        #expect(ReproduceTool.sharedNames(Paper.all).isEmpty)
        #expect(Paper.all.allSatisfy { $0.name == $0.name.lowercased() && !$0.name.contains(" ") })
        let clash = [fixedPaper([], name: "one"), Paper(name: "two", folder: "One", summary: "", experiments: [])]
        #expect(ReproduceTool.sharedNames(clash) == ["one"])
        #expect(ReproduceTool(papers: clash).main(arguments: ["--list"]) == 2)
    }

    /// An outside package adds a paper of its own next to this package's; it runs, is written
    /// into a directory the tool creates, and a gated claim that fails makes the exit status 1.
    @Test func outsidePapersRunAndGatedFailuresFailTheRun() throws {
        let root = temporaryPath().appendingPathComponent("nested/output")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent().deletingLastPathComponent()) }
        let good = fixedPaper([.exact("It works.", held: true, evidence: "1 of 1")], name: "good")
        let tool = ReproduceTool(papers: Paper.all + [good])
        #expect(tool.main(arguments: ["good", "--quick", "--output", root.path]) == 0)
        let readme = try String(contentsOf: root.appendingPathComponent("Good/README.md"), encoding: .utf8)
        #expect(readme.contains("| It works. | held | exact | 1 of 1 |"))
        #expect(readme.contains("### E0"))

        let bad = fixedPaper([.exact("It fails.", held: false, evidence: "0 of 1")], name: "bad")
        #expect(ReproduceTool(papers: [bad]).main(arguments: ["bad", "--quick"]) == 1)
        let finding = fixedPaper([.exact("Not ours.", held: false, gated: false, evidence: "-")], name: "finding")
        #expect(ReproduceTool(papers: [finding]).main(arguments: ["--all", "--quick"]) == 0)
    }

    /// Measured claims never fail the run, whatever their verdict.
    @Test func measuredClaimsNeverFailTheRun() {
        let estimate = MedianEstimate(median: 1, low: 0.5, high: 0.9, coverage: 0.96, count: 21)
        let paper = fixedPaper([.measured("Faster.", [Measure("ratio", estimate, .above(1))], evidence: "")])
        #expect(paper.run(RunContext(quick: true) { _ in }).claims[0].verdict == .didNotHold)
        #expect(ReproduceTool(papers: [paper]).main(arguments: ["fake", "--quick"]) == 0)
    }

    @Test func outputThatIsAFileOrCannotBeCreatedIsAClearError() throws {
        let file = temporaryPath()
        try "x".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let paper = fixedPaper([.exact("It works.", held: true, evidence: "")])
        #expect(throws: ReproduceTool.OutputError.self) { try ReproduceTool.writer(for: file.path, create: true) }
        #expect(throws: ReproduceTool.OutputError.self) {
            try ReproduceTool.writer(for: file.appendingPathComponent("below").path, create: true)
        }
        #expect(ReproduceTool(papers: [paper]).main(arguments: ["fake", "--output", file.path]) == 2)
        // The default output directory is not created: a full run from elsewhere is an error.
        #expect(throws: ReproduceTool.OutputError.self) { try ReproduceTool.writer(for: temporaryPath().path, create: false) }
    }
}

@Suite struct ResultsWriterTests {
    private let paper = fixedPaper([])

    @Test func writesFilesAndRewritesOnlyTheReadmeRegion() throws {
        let root = temporaryPath()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Fake")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let readme = folder.appendingPathComponent("README.md")
        try "# Fake\nClaim prose.\n<!-- BEGIN GENERATED -->\nstale\n<!-- END GENERATED -->\n## What we could not reproduce\nHonesty.\n"
            .write(to: readme, atomically: true, encoding: .utf8)

        var report = Report()
        report.claim(.exact("It works.", held: true, evidence: "1 of 1"))
        report.table(.init(title: "T", columns: [.init("n")], rows: [[.integer(1)]]), file: "t")
        try ResultsWriter(root: root).write(report, for: paper, command: "reproduce fake", machine: "test machine", quick: false)

        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.hasPrefix("# Fake\nClaim prose.\n<!-- BEGIN GENERATED -->\n_Generated by `reproduce fake`"))
        #expect(text.hasSuffix("<!-- END GENERATED -->\n## What we could not reproduce\nHonesty.\n"))
        #expect(text.contains("| It works. | held | exact | 1 of 1 |"))
        #expect(!text.contains("stale"))
        #expect(try String(contentsOf: folder.appendingPathComponent("t.csv"), encoding: .utf8) == "n\r\n1\r\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("results.json").path))
    }

    @Test func createsAReadmeWhenThereIsNone() throws {
        let root = temporaryPath()
        defer { try? FileManager.default.removeItem(at: root) }
        try ResultsWriter(root: root).write(Report(), for: paper, command: "reproduce fake", machine: "m", quick: false)
        let text = try String(contentsOf: root.appendingPathComponent("Fake/README.md"), encoding: .utf8)
        #expect(text.hasPrefix("<!-- BEGIN GENERATED -->\n_Generated by `reproduce fake` on m"))
    }
}
