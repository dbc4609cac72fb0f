import Scheduling
import Testing
import TestSupport
import Views
import Workloads

/// `heavy-update` with 800 rows (about 26,000 evaluations per tap) on a virtual clock charging
/// 0.5 ms per frame and 2 µs per evaluation, so a tap's update costs about 53 ms, more than three
/// frame intervals, for one second of frames at 60 Hz.
@Suite struct HeavyUpdateTests {
    /// A flat cost model, so that the test does not depend on the committed calibration.
    private static let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(500), perEvaluation: .microseconds(2)))
    /// One frame interval at 60 Hz, in milliseconds.
    private static let interval = 1_000.0 / 60

    /// Every registered strategy's outcome of one run of the default workload.
    private static func outcomes() async throws -> [String: WorkloadOutcome] {
        try await onOwnThread {
            let registry = try allStrategies()
            return try registry.names.reduce(into: [:]) { outcomes, strategy in
                outcomes[strategy] = try WorkloadRunner.run(HeavyUpdateWorkload(rows: 800), strategy: strategy, registry: registry,
                                                            clock: clock, frames: 60)
            }
        }
    }

    /// One run per strategy, shared by the tests of the suite.
    private static let shared = Task { try await outcomes() }

    /// The shared run's result under `strategy`.
    private static func result(_ strategy: String) async throws -> RunResult {
        try #require(try await shared.value[strategy], "no run under \(strategy)").result
    }

    @Test func anUpdateCostsSeveralFrameIntervals() async throws {
        let lazy = try await Self.result("lazy")
        #expect(lazy.frameTime.p99 > 3 * Self.interval, "\(lazy.frameTime)")
        let perSwitch = Double(lazy.evaluations) / Double(lazy.transactions)
        #expect(perSwitch * 0.002 > 3 * Self.interval, "\(perSwitch) evaluations per switch")
    }

    @Test func slicedKeepsInputLatencyUnderAFrame() async throws {
        let sliced = try #require(try await Self.result("sliced").inputLatency)
        #expect(sliced.p99 < Self.interval, "\(sliced)")
        for strategy in ["lazy", "eager", "async-pull"] {
            let input = try #require(try await Self.result(strategy).inputLatency)
            #expect(input.p99 > 3 * Self.interval, "\(strategy): \(input)")
        }
    }

    @Test func slicedPaysInUpdateLatency() async throws {
        let sliced = try #require(try await Self.result("sliced").updateLatency)
        let lazy = try #require(try await Self.result("lazy").updateLatency)
        #expect(sliced.p99 > lazy.p99, "sliced \(sliced), lazy \(lazy)")
    }

    @Test func everyStrategyEndsOnTheSameDisplayList() async throws {
        let outcomes = try await Self.shared.value
        #expect(outcomes.count == (try allStrategies()).names.count)
        let reference = try #require(outcomes["lazy"], "no run under lazy").output
        #expect(reference.leafCount > 0)
        for (strategy, outcome) in outcomes {
            #expect(outcome.settled, "\(strategy) did not settle")
            #expect(outcome.output == reference, "\(strategy) differs from lazy")
        }
    }
}
