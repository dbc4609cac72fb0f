import Foundation
import Reporting
import Reproductions // not @testable: this file sees only what an outside package sees
import Testing

/// An experiment as an outside package writes one: it times two ways of summing, and claims one
/// is not slower than the other by more than a factor of 4 (a measured claim).
struct SummingExperiment: Experiment {
    let title = "Summing, two ways"

    func run(_ context: RunContext) -> Report {
        let numbers = Array(0 ..< 1_000)
        var total = 0
        let rounds = context.budget.interleaved([
            { _ in total &+= numbers.reduce(0, &+) },
            { _ in for number in numbers { total &+= number } },
        ])
        let ratio = MedianEstimate(zip(rounds[1], rounds[0]).map { $0 / $1 })
        var report = Report()
        report.claim(.measured("A loop sums as fast as reduce, within a factor of 4.", [Measure("loop / reduce time", ratio, .within(0.25 ... 4))],
                               evidence: "\(total != 0 ? "sums computed" : "nothing summed")"))
        report.claim(.exact("Both ways give the same sum.", held: numbers.reduce(0, +) == 499_500, evidence: "499,500"))
        report.table(Table(title: "Ratios", columns: [Column("loop / reduce", decimals: 2)], rows: [[.number(ratio.median)]]), file: "summing")
        return report
    }
}

@Suite struct OutsidePackageTests {
    /// The whole public path: an outside paper next to this package's, run by the public tool into
    /// a folder it creates.
    @Test func anOutsidePaperRunsThroughThePublicTool() throws {
        let paper = Paper(name: "summing", folder: "Summing", summary: "two ways of summing", experiments: [SummingExperiment()])
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reproduce-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let status = ReproduceTool(papers: Paper.all + [paper]).main(arguments: ["summing", "--quick", "--output", root.path])
        #expect(status == 0)
        let readme = try String(contentsOf: root.appendingPathComponent("Summing/README.md"), encoding: .utf8)
        #expect(readme.contains("### Summing, two ways"))
        #expect(readme.contains("loop / reduce time"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Summing/summing.csv").path))
    }
}
