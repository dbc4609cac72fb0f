import Foundation
import Scheduling
import Testing
import Workloads
@testable import BenchKit

/// A run that did not do its job is a failure naming the workload and the strategy, never a row
/// of the results, on both clocks; a workload whose events act on nothing is an error of the
/// workload. The broken strategies (`Fixtures.swift`) are registered as a user's would be.
@Suite struct RunCheckTests {
    /// Runs `workload` under `strategies` for `frames` frames on `clock`.
    private func outcome(_ workload: any Workload, _ strategies: [String], clock: ClockChoice = .virtual, frames: Int = 12) throws -> Runner.Outcome {
        let registry = try registryWithBrokenStrategies()
        var options = RunOptions(workloads: [workload.name], strategies: strategies)
        (options.clock, options.frames, options.repetitionCount) = (clock, frames, 1)
        return Runner(workloads: [workload], registry: registry).run(options, shouldStop: { false })
    }

    /// The failure of `strategy` in `outcome`, which must be its only one.
    private func failure(of strategy: String, in outcome: Runner.Outcome, workload: String) throws -> String {
        let failures = outcome.failures.filter { $0.hasPrefix("\(workload) × \(strategy):") }
        try #require(failures.count == 1, "failures: \(outcome.failures)")
        #expect(!outcome.results.runs.contains { $0.strategy == strategy }, "a failed run is never a row")
        return failures[0]
    }

    @Test(arguments: [ClockChoice.virtual, .real])
    func aStrategyThatSkipsEveryFrameFails(clock: ClockChoice) throws {
        let outcome = try outcome(TapWorkload(), ["lazy", "skips-frames"], clock: clock)
        let message = try failure(of: "skips-frames", in: outcome, workload: "taps")
        #expect(message.contains("committed fewer frames than the workload needs") && message.contains("0 frames rendered"))
        #expect(outcome.results.runs.map(\.strategy) == ["lazy"])
    }

    @Test(arguments: [ClockChoice.virtual, .real])
    func aStrategyThatNeverAppliesTransactionsFails(clock: ClockChoice) throws {
        let outcome = try outcome(TapWorkload(), ["lazy", "drops-transactions"], clock: clock)
        let message = try failure(of: "drops-transactions", in: outcome, workload: "taps")
        #expect(message.contains("left 3 of 3 transactions unapplied ('tap plus', 'tap plus', 'tap plus')"))
    }

    @Test(arguments: [ClockChoice.virtual, .real])
    func aStrategyThatAppliesTransactionsTwiceFails(clock: ClockChoice) throws {
        let outcome = try outcome(TapWorkload(), ["applies-twice"], clock: clock)
        let message = try failure(of: "applies-twice", in: outcome, workload: "taps")
        #expect(message.contains("applied 3 of 3 transactions more than once ('tap plus 2 times'"))
    }

    /// The drain lasts 3 s of frames: on the virtual clock, which costs no waiting.
    @Test func aStrategyThatNeverSettlesFails() throws {
        let outcome = try outcome(TapWorkload(), ["lazy", "never-settles"])
        let message = try failure(of: "never-settles", in: outcome, workload: "taps")
        #expect(message.contains("never settled: still had work (a frame requested) 3 s after its measured frames"))
    }

    /// A strategy that skips every frame of a view animation leaves it running: the loop never
    /// settles.
    @Test func aStrategyThatSkipsAnAnimationNeverSettles() throws {
        let outcome = try outcome(ColorAnimationWorkload(), ["lazy", "skips-frames"])
        let message = try failure(of: "skips-frames", in: outcome, workload: "color-animation")
        #expect(message.contains("never settled: still had work (the target wants another frame"))
        #expect(message.contains("0 frames rendered"))
    }

    @Test(arguments: [ClockChoice.virtual, .real])
    func strategiesEndingOnDifferentScreensFail(clock: ClockChoice) throws {
        let outcome = try outcome(OrderedWritesWorkload(), ["lazy", "eager", "reverses-order"], clock: clock)
        #expect(outcome.failures == [
            "ordered-writes: the final display lists differ after the drain: {lazy, eager} vs {reverses-order} (each group ended on one screen)",
        ])
    }

    /// Every built-in strategy does its job on the test workloads (the checks do not fire on runs
    /// that are right).
    @Test func theBuiltInStrategiesPass() throws {
        for workload in [TapWorkload(), OrderedWritesWorkload(), PulseWorkload()] as [any Workload] {
            let outcome = try outcome(workload, ["eager", "lazy", "async-pull"])
            #expect(outcome.failures.isEmpty && outcome.notes.isEmpty, "\(workload.name): \(outcome.failures) \(outcome.notes)")
            #expect(outcome.results.runs.count == 3)
        }
    }

    /// A single strategy's screen cannot be compared with another's: the tool says so.
    @Test func aScreenComparedWithNoOtherIsNoted() throws {
        let outcome = try outcome(TapWorkload(), ["lazy"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.notes == ["taps: only lazy finished it, so its final screen was compared with no other strategy's"])
    }

    /// A tap on a button no view has is an error of the workload, naming the event and the
    /// identifier, reported once (not per strategy); the workload is left out of the results.
    @Test(arguments: [ClockChoice.virtual, .real])
    func aTapOnNoButtonIsAnErrorOfTheWorkload(clock: ClockChoice) throws {
        let outcome = try outcome(TapWorkload(name: "missing", identifier: "no-such-button"), ["eager", "lazy"], clock: clock)
        #expect(outcome.failures == ["missing: workload error: 3 events acted on nothing, the first: event 'tap no-such-button' (frame 0) acted on nothing: no button with identifier or title 'no-such-button'"])
        #expect(outcome.results.runs.isEmpty)
    }

    /// A tap on a disabled button is an error of the workload too.
    @Test func aTapOnADisabledButtonIsAnErrorOfTheWorkload() throws {
        let outcome = try outcome(DisabledTapWorkload(), ["lazy"])
        #expect(outcome.failures == ["disabled: workload error: event 'tap locked' (frame 1) acted on nothing: the button 'locked' is disabled"])
    }

    /// The tool exits with status 1 when a run did not do its job.
    @Test func theToolExitsWithStatusOne() throws {
        let tool = BenchTool(workloads: [TapWorkload()], registry: try registryWithBrokenStrategies())
        #expect(tool.main(arguments: ["--clock", "virtual", "--frames", "8", "--strategy", "lazy", "--strategy", "skips-frames"]) == 1)
        #expect(tool.main(arguments: ["--clock", "virtual", "--frames", "8", "--strategy", "lazy", "--strategy", "eager"]) == 0)
    }

    /// A registration that throws is reported by `main` (one line, status 2), not at the top level.
    @Test func aDuplicateRegistrationIsReportedByMain() {
        let tool = BenchTool(workloads: [TapWorkload()]) { registry in
            try registry.register("mine") { SkippingStrategy() }
            try registry.register("mine") { SkippingStrategy() }
        }
        #expect(tool.registrationProblems == ["a strategy named 'mine' is already registered"])
        #expect(tool.main(arguments: ["--list"]) == 2)
    }

    /// Workloads that share a name are reported by `main` before anything runs: the second would
    /// otherwise never run, its name always finding the first.
    @Test func workloadsSharingANameAreReportedByMain() {
        let tool = BenchTool(workloads: [TapWorkload(), TapWorkload()]) { _ in }
        #expect(tool.registrationProblems == ["two workloads are named 'taps'"])
        #expect(tool.main(arguments: ["--list"]) == 2)
    }

    /// A workload whose instance computes with the frame rate gets the frame rate's error, not a
    /// crash in its own code, when the rate is wrong.
    @Test func aBadFrameRateIsRefusedBeforeTheWorkloadIsMade() {
        #expect(throws: SchedulingError.invalidFrameRate(0)) {
            try WorkloadRunner.run(FrameLengthWorkload(), strategy: "lazy", registry: StrategyRegistry(), clock: .virtual(CostModel()), frames: 4, frameRate: 0)
        }
    }
}

/// A workload that computes a frame's length in nanoseconds from the frame rate as it makes its
/// instance, as a user's might; it traps on a rate of 0.
private struct FrameLengthWorkload: Workload {
    let name = "frame-length"
    let summary = "taps once a frame's length in"
    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let nanoseconds = Int64(1e9 / frameRate)
        return TapWorkload().makeInstance(frames: frames, frameRate: Double(1_000_000_000 / nanoseconds))
    }
}
