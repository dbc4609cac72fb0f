import ArgumentParsing
import Foundation
import Scheduling
import Testing
@testable import BenchKit

/// `bench compare`: two files, or the strategies of one file against a baseline strategy.
@Suite struct CompareTests {
    /// `bench compare results.json --baseline lazy` puts every other strategy against lazy on each
    /// workload, from one virtual-clock file, with a verdict for every metric.
    @Test func strategiesAgainstABaseline() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = BenchTool(workloads: [TapWorkload(), OrderedWritesWorkload()], registry: StrategyRegistry())
        #expect(tool.main(arguments: ["--clock", "virtual", "--frames", "10", "--output", directory.path]) == 0)
        let file = directory.appendingPathComponent("results.json").path
        let comparison = try Comparison(strategiesOf: BenchResults(contentsOf: file), against: "lazy", name: "results.json")
        #expect(comparison.pairs.map { "\($0.candidate.workload) \($0.candidate.strategy)/\($0.baseline.strategy)" } == [
            "taps eager/lazy", "taps async-pull/lazy", "ordered-writes eager/lazy", "ordered-writes async-pull/lazy",
        ])
        #expect(comparison.notes.isEmpty)
        let transactions = try #require(comparison.table.columns.firstIndex { $0.name == Metric.transactions.column })
        #expect(comparison.table.rows.allSatisfy { $0[transactions] == .text("1.00 =") }, "every strategy posts the same transactions")
        let tidy = comparison.tidyTable
        #expect(tidy.columns.map(\.name) == Comparison.tidyColumns)
        #expect(tidy.rows.allSatisfy { row in
            guard case .text(let verdict) = row[7], case .text(let baseline) = row[2] else { return false }
            return ["lower", "higher", "="].contains(verdict) && baseline == "lazy"
        })
        #expect(tool.main(arguments: ["compare", file, "--baseline", "lazy", "--format", "csv"]) == 0)
        #expect(tool.main(arguments: ["compare", file, "--baseline", "eager"]) == 0)
        #expect(throws: ArgumentError.badValue(option: "--baseline", value: "fastest", expected: "a strategy results.json holds: eager, lazy, async-pull")) {
            try Comparison(strategiesOf: BenchResults(contentsOf: file), against: "fastest", name: "results.json")
        }
        #expect(tool.main(arguments: ["compare", file, "--baseline", "fastest"]) == 2)
        #expect(tool.main(arguments: ["compare", file, file, "--baseline", "lazy"]) == 2)
        #expect(tool.main(arguments: ["compare", file, file]) == 0, "two files still compare")
    }

    /// The parser takes one file with `--baseline`, two without.
    @Test func parsesBaselineComparisons() throws {
        let parser = OptionParser(workloadNames: ["taps"], strategyNames: ["lazy"])
        #expect(try parser.parse(["compare", "r.json", "--baseline", "lazy"]) == .compareStrategies(file: "r.json", baseline: "lazy", format: .table))
        #expect(try parser.parse(["compare", "a.json", "b.json", "--format", "csv"]) == .compare(baseline: "a.json", candidate: "b.json", format: .csv))
        #expect(throws: ArgumentError.self) { try parser.parse(["compare", "r.json"]) }
        #expect(throws: ArgumentError.missingValue(option: "--baseline", valueName: "STRATEGY")) { try parser.parse(["compare", "r.json", "--baseline"]) }
    }
}
