import Scheduling
import Testing
import TestSupport
import Views
import Workloads

/// Strategies differ in cost, never in output: every workload ends on the same display list under
/// every registered strategy (the built-in ones and those of `ExtraStrategies`), at the same
/// virtual time, the end of the run.
@Suite struct SameOutputTests {
    /// A run at 10 Hz: 6 seconds for the small trees, long enough for the animated workloads to
    /// restart, and 0.6 seconds (4 changes) for the large ones.
    @Test(arguments: WorkloadCatalog.names)
    func everyStrategyEndsOnTheSameDisplayList(workload name: String) async throws {
        let outcomes = try await onOwnThread { () throws -> [String: WorkloadOutcome] in
            let workload = try WorkloadCatalog.named(name)
            let frames = largeWorkloads.contains(name) ? 6 : 60
            let registry = try allStrategies()
            return try registry.names.reduce(into: [:]) { outcomes, strategy in
                outcomes[strategy] = try WorkloadRunner.run(workload, strategy: strategy, registry: registry, clock: testClock,
                                                            frames: frames, frameRate: 10)
            }
        }
        for (strategy, outcome) in outcomes {
            #expect(outcome.result.renderedFrames > 0, "\(name) under \(strategy) rendered nothing")
        }
        let outputs = outcomes.mapValues(\.output)
        let reference = try #require(outputs["lazy"])
        #expect(reference.leafCount > 0 || name == "foreach-animation")
        for (strategy, output) in outputs {
            #expect(output == reference, "\(name): \(strategy) differs from lazy")
        }
    }
}
