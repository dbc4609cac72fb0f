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
        #expect(region.contains("| Faster. | inconclusive on time | measured: time | ratio 1.05 (95 % interval 0.90–1.20, 21 rounds); expected > 1.00 | figures |"))
        #expect(region.contains("| Counted. | held | exact: counts, gated | none | 3 of 3 |"))
        #expect(region.contains("**Verdicts:** 1 held, 0 did not hold, 1 inconclusive."))
        #expect(region.contains(Vocabulary.rule))
    }

    /// Every interval is a 95 % interval; fewer rounds than that takes are shown as a range with
    /// their coverage, and cannot decide a measure.
    @Test func tooFewRoundsAreStatedAndInconclusive() {
        #expect(Vocabulary.minimumRounds == 6)
        #expect(Vocabulary.intervalName == "95 % interval")
        let three = MedianEstimate([181, 181.2, 180.9])
        let measure = Measure("bytes", three, .above(80), decimals: 0)
        #expect(measure.verdict == .inconclusive, "every round is above 80, but 3 rounds cover the median with 75 %")
        #expect(measure.description == "bytes 181 (range 181–181 of 3 rounds: 75 % coverage, below 95 %); expected > 80")
        let six = MedianEstimate([181, 181.2, 180.9, 181.1, 181, 181])
        #expect(Measure("bytes", six, .above(80), decimals: 0).verdict == .held)
        #expect(Budget(quick: true).rounds >= Vocabulary.minimumRounds && Budget(quick: false).rounds >= Vocabulary.minimumRounds)
        #expect(Storage.repetitions >= Vocabulary.minimumRounds)
    }

    /// A claim decided on instructions and also timed: the verdict is the instructions', and the
    /// time is named beside it: agreeing, disagreeing only when its interval lies wholly on the
    /// other side, inconclusive otherwise. Disagreeing claims are counted apart.
    @Test func aCrossCheckIsNamedButNeverChangesTheVerdict() {
        let beats = Expectation.above(1, margin: 0.1)
        func claim(instructions: Double, time: MedianEstimate) -> Claim {
            Claim.exact("Beats.", held: beats.holds(exactly: instructions), gated: false, on: .instructions, evidence: "e")
                .crossChecked(by: .measured(.time, [Measure("time", time, beats)]))
        }
        let agreeing = claim(instructions: 1.7, time: estimate(1.2, 1.4))
        #expect(agreeing.verdictDescription == "held on instructions and on time" && !agreeing.isMixed)
        let disagreeing = claim(instructions: 1.7, time: estimate(0.6, 0.85))
        #expect(disagreeing.verdict == .held)
        #expect(disagreeing.verdictDescription == "held on instructions, not on time" && disagreeing.isMixed)
        // Within the margin, or straddling it: the time says nothing, whichever way it leans.
        for time in [estimate(0.92, 1.05), estimate(0.60, 1.10), estimate(0.77, 1.35)] {
            let open = claim(instructions: 1.7, time: time)
            #expect(open.verdictDescription == "held on instructions; time inconclusive" && !open.isMixed)
        }
        let refuted = claim(instructions: 1.05, time: estimate(1.2, 1.4))
        #expect(refuted.verdictDescription == "did not hold on instructions; held on time" && refuted.isMixed)
        // A range claim's time contradicts "did not hold" only inside the range narrowed by its margin.
        let about = Expectation.within(0.8 ... 1.25, margin: 0.1)
        func eagerLazy(time: MedianEstimate) -> Claim {
            Claim.exact("Same.", held: about.holds(exactly: 1.253), gated: false, on: .instructions, evidence: "")
                .crossChecked(by: .measured(.time, [Measure("time", time, about)]))
        }
        #expect(eagerLazy(time: estimate(0.95, 1.2)).verdictDescription == "did not hold on instructions; time inconclusive")
        #expect(eagerLazy(time: estimate(0.95, 1.1)).verdictDescription == "did not hold on instructions; held on time")
        #expect(beats.holds(exactly: 1.11) && !beats.holds(exactly: 1.09))
        let summary = VerdictSummary([agreeing, disagreeing, refuted, .exact("Counted.", held: true, evidence: "")])
        #expect(summary.held == 2 && summary.didNotHold == 0 && summary.mixed.count == 2)
        #expect(summary.description.hasPrefix("2 held, 0 did not hold, 0 inconclusive; counted apart, 2 whose quantities or cases disagree: Beats. (held on instructions, not on time)"))
    }

    /// Hudson's timed claim 7 is cross-checked on instructions, with the time's thresholds.
    @Test func theScalingClaimIsCrossCheckedOnInstructions() throws {
        var scaling = Scaling()
        #expect(scaling.instructionCheck == nil, "not counted: no cross-check")
        scaling.countedBySize = [(1_000, 5_000), (10_000, 5_100), (100_000, 5_300)]
        scaling.countedByRegion = [(9, 500), (99, 5_000), (999, 50_000), (9_999, 500_000)]
        let check = try #require(scaling.instructionCheck)
        #expect(check.quantity == .instructions && check.verdict == .held)
        #expect(check.figures.contains("against graph size, 99 rules affected, 1,000–100,000 nodes, 0.013 (expected < 0.25)"))
        scaling.countedBySize = [(1_000, 5_000), (10_000, 50_000), (100_000, 500_000)]
        #expect(scaling.instructionCheck?.verdict == .didNotHold)
        #expect(Scaling.countedSizes.count >= 2 && Scaling.countedLengths.count >= 2)
        for name in Scaling.countedOperations.keys { #expect(CountedOperations.all[name] != nil, "\(name) is counted") }
    }

    /// Cases that go against the verdict are named in it and their figures given, not averaged away.
    @Test func casesAgainstTheVerdictAreNamed() {
        let claim = Claim.exact("Beats.", held: true, gated: false, on: .instructions, evidence: "mean 1.689").withCases([
            ClaimCase("chain", verdicts: [.init(.instructions, .held), .init(.time, .held)], figures: "2.13; 2.11"),
            ClaimCase("random DAG", verdicts: [.init(.instructions, .didNotHold), .init(.time, .didNotHold)], figures: "0.975; 0.19"),
            ClaimCase("fan-out", verdicts: [.init(.instructions, .held), .init(.time, .inconclusive)], figures: "1.23; 1.05"),
            ClaimCase("forest", verdicts: [.init(.instructions, .held), .init(.time, .didNotHold)], figures: "2.05; 0.74"),
        ])
        // The verdict names the cases against it on the deciding quantity (the same at every run);
        // a case against it on time only is named in the evidence.
        #expect(claim.exceptions.map(\.name) == ["random DAG"] && claim.crossCheckExceptions.map(\.name) == ["forest"])
        #expect(claim.verdictDescription == "held on instructions; did not hold on random DAG")
        #expect(claim.evidenceDescription == "mean 1.689. Against the verdict: random DAG: 0.975; 0.19. Against the verdict on time only: forest: 2.05; 0.74")
        #expect(claim.isMixed)
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
        #expect(!Vocabulary.hasCoverage(five))
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
