import Foundation
import Reporting
@testable import Reproductions
import Testing

@Suite struct VerdictTests {
    private func estimate(_ low: Double, _ high: Double) -> MedianEstimate {
        MedianEstimate(median: (low + high) / 2, low: low, high: high, coverage: 0.96, count: 21)
    }

    @Test func aboveHoldsOnlyWhenTheWholeIntervalIsAbove() {
        #expect(Expectation.above(1).verdict(for: estimate(1.1, 1.4)) == .held)
        #expect(Expectation.above(1).verdict(for: estimate(0.6, 0.9)) == .didNotHold)
        #expect(Expectation.above(1).verdict(for: estimate(0.9, 1.2)) == .inconclusive)
        #expect(Expectation.above(1).verdict(for: estimate(1, 1.2)) == .inconclusive)
    }

    /// With a margin, a ratio within that factor of the threshold is no meaningful difference.
    @Test func aboveWithAMarginLeavesABandOfNoDifference() {
        let beats = Expectation.above(1, margin: 0.1)
        #expect(beats.verdict(for: estimate(1.15, 1.4)) == .held)
        #expect(beats.verdict(for: estimate(1.05, 1.4)) == .inconclusive)
        #expect(beats.verdict(for: estimate(0.63, 0.96)) == .inconclusive)
        #expect(beats.verdict(for: estimate(0.5, 0.9)) == .didNotHold)
        #expect(beats.description(decimals: 2) == "> 1.00 by more than 10 %")
        let about = Expectation.within(0.8 ... 1.25, margin: 0.1)
        #expect(about.verdict(for: estimate(1.26, 1.35)) == .inconclusive)
        #expect(about.verdict(for: estimate(1.4, 1.6)) == .didNotHold)
    }

    @Test func belowAndWithin() {
        #expect(Expectation.below(0.25).verdict(for: estimate(-0.1, 0.1)) == .held)
        #expect(Expectation.below(0.25).verdict(for: estimate(0.3, 0.5)) == .didNotHold)
        #expect(Expectation.below(0.25).verdict(for: estimate(0.2, 0.3)) == .inconclusive)
        let about = Expectation.within(0.8 ... 1.25)
        #expect(about.verdict(for: estimate(0.9, 1.1)) == .held)
        #expect(about.verdict(for: estimate(1.3, 1.5)) == .didNotHold)
        #expect(about.verdict(for: estimate(0.5, 0.7)) == .didNotHold)
        #expect(about.verdict(for: estimate(1.2, 1.3)) == .inconclusive)
        #expect(about.verdict(for: estimate(0.5, 1.5)) == .inconclusive)
    }

    @Test func aClaimOfSeveralMeasuresNeedsAllToHold() {
        let held = Measure("a", estimate(2, 3), .above(1)), open = Measure("b", estimate(0.5, 1.5), .above(1))
        let refuted = Measure("c", estimate(0, 0.5), .above(1))
        #expect(Claim.measured("x", [held, held], evidence: "").verdict == .held)
        #expect(Claim.measured("x", [held, open], evidence: "").verdict == .inconclusive)
        #expect(Claim.measured("x", [open, refuted], evidence: "").verdict == .didNotHold)
        #expect(Claim.measured("x", [], evidence: "").verdict == .inconclusive)
        #expect(!Claim.measured("x", [refuted], evidence: "").failsRun)
        #expect(Claim.exact("x", held: false, evidence: "").failsRun)
        #expect(!Claim.exact("x", held: false, gated: false, evidence: "").failsRun)
    }

    @Test func theReadmeSaysWhichAndShowsTheInterval() {
        var report = Report()
        report.claim(.measured("Faster.", [Measure("ratio", estimate(0.9, 1.2), .above(1))], evidence: "figures"))
        report.claim(.exact("Counted.", held: true, evidence: "3 of 3"))
        let region = report.rendered().region
        #expect(region.contains("| Faster. | inconclusive (measured, not gated) | ratio 1.05 (96 % interval 0.90–1.20, 21 rounds); expected > 1.00 | figures |"))
        #expect(region.contains("| Counted. | held | exact | 3 of 3 |"))
    }

    /// The interval of the median: order statistics with at least 95 % coverage, the whole range
    /// for fewer than 6 samples.
    @Test func medianIntervalFromOrderStatistics() {
        let twentyOne = MedianEstimate((1 ... 21).map(Double.init).reversed())
        #expect(twentyOne.median == 11)
        #expect(twentyOne.low == 6 && twentyOne.high == 16)
        #expect(twentyOne.coverage >= 0.95 && twentyOne.coverage < 0.98)
        let five = MedianEstimate([5, 1, 4, 2, 3])
        #expect(five.median == 3 && five.low == 1 && five.high == 5)
        #expect(abs(five.coverage - 0.9375) < 1e-12)
        let six = MedianEstimate([1, 2, 3, 4, 5, 6])
        #expect(six.median == 3.5 && six.low == 1 && six.high == 6 && six.coverage > 0.96)
        #expect(MedianEstimate([7]).low == 7)
    }

    /// Interleaved timing gives every operation one sample per round, in alternating order.
    @Test func interleavedTimingAlternatesOperations() {
        final class Log { var entries: [Int] = [] }
        let log = Log()
        let samples = Timing.interleaved(rounds: 3, sampleNanoseconds: 1, [{ _ in log.entries.append(0) }, { _ in log.entries.append(1) }])
        #expect(samples.count == 2 && samples.allSatisfy { $0.count == 3 })
        // After calibration, each round times a batch of each; the second round starts with operation 1.
        let rounds = Array(log.entries.suffix(log.entries.count - 2))
        #expect(rounds.first == 0 && rounds.contains(1))
    }
}

@Suite struct DrawingRendererTests {
    private let drawings = [
        Drawing(name: "g-before", caption: "before", dot: "digraph { a }", shown: false),
        Drawing(name: "g-after", caption: "after", dot: "digraph { a -> b }", shown: true),
    ]

    /// Without Graphviz, a committed SVG drawn from the same DOT is kept and linked as current.
    @Test func withoutGraphvizCommittedDrawingsAreKept() {
        let folder = ["g-after.svg": "<svg/>", "g-after.dot": "digraph { a -> b }"]
        let (markdown, files) = DrawingRenderer(graphviz: nil) { folder[$0] }.render(drawings)
        #expect(files.map(\.name) == ["g-before.dot", "g-after.dot"])
        #expect(markdown.contains("before: [DOT](g-before.dot)"))
        #expect(markdown.contains("after: [SVG](g-after.svg), [DOT](g-after.dot)"))
        #expect(markdown.contains("![The graph after](g-after.svg)"))
        #expect(markdown.contains("some drawings are DOT only"))
    }

    /// Without Graphviz, a committed SVG of an earlier graph stays linked, and the text says so.
    @Test func withoutGraphvizEarlierDrawingsAreKeptAndLabelled() {
        let folder = ["g-after.svg": "<svg/>", "g-after.dot": "digraph { old }", "g-before.svg": "<svg/>", "g-before.dot": "digraph { a }"]
        let renderer = DrawingRenderer(graphviz: nil) { folder[$0] }
        #expect(renderer.source(of: drawings[0]) == .kept)
        #expect(renderer.source(of: drawings[1]) == .earlier)
        let (markdown, _) = renderer.render(drawings)
        #expect(markdown.contains("![The graph after](g-after.svg)"))
        #expect(markdown.contains("from an earlier graph"))
    }

    /// A full run into a folder without Graphviz keeps the SVG files there and does not rewrite them.
    @Test func writingWithoutGraphvizLeavesCommittedSVGsInPlace() throws {
        let root = temporaryPath()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Fake")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "<svg>committed</svg>".write(to: folder.appendingPathComponent("g-after.svg"), atomically: true, encoding: .utf8)
        try "digraph { a -> b }".write(to: folder.appendingPathComponent("g-after.dot"), atomically: true, encoding: .utf8)
        var report = Report()
        report.drawings(drawings)
        try ResultsWriter(root: root, graphviz: nil).write(report, for: fixedPaper([]), command: "c", machine: "m", quick: false)
        #expect(try String(contentsOf: folder.appendingPathComponent("g-after.svg"), encoding: .utf8) == "<svg>committed</svg>")
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("![The graph after](g-after.svg)"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("g-before.dot").path))
    }
}
