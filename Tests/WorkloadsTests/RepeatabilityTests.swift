import Scheduling
import Testing
import TestSupport
import Views
import Workloads

/// Under the virtual clock a run's metrics are exactly repeatable, under every strategy.
@Suite struct RepeatabilityTests {
    @Test(arguments: WorkloadCatalog.names)
    func shortRunGivesTheSameResultTwice(workload name: String) async throws {
        let runs = try await onOwnThread { () throws -> [(strategy: String, first: WorkloadOutcome, second: WorkloadOutcome)] in
            let workload = try WorkloadCatalog.named(name)
            let frames = largeWorkloads.contains(name) ? 6 : 12
            let registry = try allStrategies()
            return try registry.names.map { strategy in
                (strategy,
                 try WorkloadRunner.run(workload, strategy: strategy, registry: registry, clock: testClock, frames: frames),
                 try WorkloadRunner.run(workload, strategy: strategy, registry: registry, clock: testClock, frames: frames))
            }
        }
        #expect(runs.count == (try allStrategies()).names.count)
        for run in runs {
            #expect(run.first.result == run.second.result, "\(name) under \(run.strategy)")
            #expect(run.first.output == run.second.output, "\(name) under \(run.strategy)")
        }
    }
}
