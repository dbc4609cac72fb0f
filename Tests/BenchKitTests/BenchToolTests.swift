import Foundation
import Scheduling
import Testing
import Views
import Workloads
@testable import BenchKit

/// A tiny workload without views: one animated rule, for exercising the tool quickly.
private struct PulseWorkload: Workload {
    let name = "pulse"
    let summary = "one rule reading the time"

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let graph = Graph()
        let time = graph.input(0.0, name: "time")
        let pulse = graph.rule(name: "pulse") { (time.value * 10).rounded() }
        let target = GraphTarget(graph: graph, outputs: [pulse], time: time)
        target.isAnimating = true
        return WorkloadInstance(target: target, events: []) { Views.DisplayList() }
    }
}

/// The `bench` command line: parsing, running, writing and comparing results.
@Suite struct BenchToolTests {
    private let parser = OptionParser(workloadNames: ["pulse", "counter"], strategyNames: ["eager", "lazy"])

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Options are parsed into a run; names are checked against the known ones.
    @Test func parsesARun() throws {
        let command = try parser.parse(["--workload", "pulse", "--strategy", "lazy", "--frames", "12", "--clock", "virtual", "--format", "csv"])
        guard case .run(let options) = command else {
            Issue.record("expected a run, got \(command)")
            return
        }
        #expect(options.workloads == ["pulse"] && options.strategies == ["lazy"])
        #expect(options.frames == 12 && options.clock == .virtual && options.format == .csv)
    }

    /// Unknown names and bad values are usage errors that say what is expected.
    @Test func rejectsBadInput() {
        #expect(throws: UsageError.unknownName(kind: "workload", name: "nope", known: ["pulse", "counter"])) {
            try parser.parse(["--workload", "nope"])
        }
        #expect(throws: UsageError.unknownName(kind: "strategy", name: "fastest", known: ["eager", "lazy"])) {
            try parser.parse(["--strategy", "fastest"])
        }
        #expect(throws: UsageError.missingValue(option: "--frames")) { try parser.parse(["--frames"]) }
        #expect(throws: UsageError.unknownOption("--colour")) { try parser.parse(["--colour"]) }
        #expect(throws: UsageError.readmeWithoutOutput) { try parser.parse(["--readme", "README.md"]) }
        #expect(throws: UsageError.compareArguments) { try parser.parse(["compare", "only-one.json"]) }
        for bad in [["--frames", "0"], ["--hz", "-60"], ["--clock", "sundial"], ["--format", "pdf"]] {
            #expect(throws: UsageError.self) { try parser.parse(bad) }
        }
    }

    /// A ratio is new/old, 1 when both are 0, and missing when only the baseline is 0.
    @Test func comparisonRatios() {
        #expect(Comparison.ratio(3, to: 2) == .number(1.5))
        #expect(Comparison.ratio(0, to: 0) == .number(1))
        #expect(Comparison.ratio(5, to: 0) == .missing)
    }

    /// A virtual-clock run writes results that decode again, charts, and a comparison of two runs.
    @Test func runsWritesAndCompares() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [PulseWorkload()], registry: StrategyRegistry())
        for name in ["a", "b"] {
            let status = tool.main(arguments: ["--clock", "virtual", "--frames", "20", "--format", "json",
                                               "--output", directory.appendingPathComponent(name).path])
            #expect(status == 0)
        }
        let data = try Data(contentsOf: directory.appendingPathComponent("a/results.json"))
        let results = try JSONDecoder().decode(BenchResults.self, from: data)
        #expect(results.runs.map(\.strategy).sorted() == ["async-pull", "eager", "lazy"])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("a").path)
        #expect(files.contains("results.csv") && files.contains { $0.hasSuffix(".svg") })
        let compare = tool.main(arguments: ["compare", directory.appendingPathComponent("a/results.json").path,
                                            directory.appendingPathComponent("b/results.json").path])
        #expect(compare == 0)
    }

    /// Usage errors exit with status 2, before any run.
    @Test func usageErrorsExitWithStatusTwo() {
        let tool = BenchTool(workloads: [PulseWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["--strategy", "fastest"]) == 2)
        #expect(tool.main(arguments: ["compare", "/nonexistent/a.json", "/nonexistent/b.json"]) == 2)
    }
}
