import Scheduling
import Testing
import Views
import Workloads

/// Strategies differ in cost, never in output: every workload ends on the same display list under
/// every registered strategy (the built-in ones and those of `ExtraStrategies`), at the same
/// virtual time, the end of the run.
@Suite struct SameOutputTests {
    /// A run at 10 Hz: 6 seconds for the small trees, long enough for the animated workloads to
    /// restart, and 0.6 seconds (4 changes) for the large ones.
    @Test(arguments: WorkloadCatalog.names)
    func everyStrategyEndsOnTheSameDisplayList(workload name: String) throws {
        let workload = try WorkloadCatalog.named(name)
        let frames = largeWorkloads.contains(name) ? 6 : 60
        let registry = try allStrategies()
        var outputs: [String: DisplayList] = [:]
        for strategy in registry.names {
            let outcome = try WorkloadRunner.run(workload, strategy: strategy, registry: registry, clock: testClock, frames: frames, frameRate: 10)
            outputs[strategy] = outcome.output
            #expect(outcome.result.renderedFrames > 0, "\(name) under \(strategy) rendered nothing")
        }
        let reference = try #require(outputs["lazy"])
        #expect(reference.leafCount > 0 || name == "foreach-animation")
        for (strategy, output) in outputs {
            #expect(output == reference, "\(name): \(strategy) differs from lazy")
        }
    }
}
