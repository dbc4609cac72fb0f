import Scheduling
import Testing
import Workloads

/// Under the virtual clock a run's metrics are exactly repeatable, under every strategy.
@Suite struct RepeatabilityTests {
    @Test(arguments: WorkloadCatalog.names)
    func shortRunGivesTheSameResultTwice(workload name: String) throws {
        let workload = try WorkloadCatalog.named(name)
        let frames = largeWorkloads.contains(name) ? 6 : 12
        let registry = try allStrategies()
        for strategy in registry.names {
            let first = try WorkloadRunner.run(workload, strategy: strategy, registry: registry, clock: testClock, frames: frames)
            let second = try WorkloadRunner.run(workload, strategy: strategy, registry: registry, clock: testClock, frames: frames)
            #expect(first.result == second.result, "\(name) under \(strategy)")
            #expect(first.output == second.output, "\(name) under \(strategy)")
        }
    }
}
