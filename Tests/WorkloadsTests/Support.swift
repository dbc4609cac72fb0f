import Constraints
import ExtraStrategies
import Scheduling
import TestSupport
import Workloads

/// The cost model of the tests' virtual-clock runs.
let testClock = ClockMode.virtual(CostModel(perFrame: .microseconds(200), perEvaluation: .microseconds(2)))

/// The workloads of thousands of nodes, which the tests run for a few frames only: the `workflow`
/// strategy re-renders the whole tree on each of their changes.
let largeWorkloads: Set<String> = ["color-scheme", "wide-list", "deep-tree", "scroll-feed", "expensive-feed", "heavy-update"]

/// A fresh registry with the built-in strategies and those of `ExtraStrategies`.
func allStrategies() throws -> StrategyRegistry {
    let registry = StrategyRegistry()
    try registerExtraStrategies(in: registry)
    return registry
}

/// Runs a fresh instance of `workload` under `strategy` on the virtual clock, with per-node
/// statistics recorded from the start of the run, on a thread of its own (``onOwnThread``);
/// returns the run's metrics and the instance's graph.
func runCounting(
    _ workload: any Workload, strategy: String, frames: Int, frameRate: Double = 60
) async throws -> (result: RunResult, graph: Graph) {
    try await onOwnThread {
        let instance = workload.makeInstance(frames: frames, frameRate: frameRate)
        let graph = instance.target.graph
        graph.withLock { graph.recordsNodeStatistics = true }
        let loop = try FrameLoop(target: instance.target, strategy: strategy, clock: testClock, frameRate: frameRate)
        return (try loop.run(frames: frames, events: instance.events), graph)
    }
}

/// ``WorkloadRunner/run(_:strategy:registry:clock:frames:frameRate:loopMade:)`` on a thread of
/// its own (``onOwnThread``), so that a long run does not hold a thread of the shared pool.
func runOnOwnThread(
    _ workload: any Workload, strategy: String, registry: StrategyRegistry = .shared, clock: ClockMode = testClock,
    frames: Int, frameRate: Double = 60
) async throws -> WorkloadOutcome {
    try await onOwnThread {
        try WorkloadRunner.run(workload, strategy: strategy, registry: registry, clock: clock, frames: frames, frameRate: frameRate)
    }
}

extension Graph {
    /// Evaluations per node name, for the live nodes whose name satisfies `include` (per-node
    /// statistics must be on).
    func evaluations(where include: (String) -> Bool) -> [String: Int] {
        withLock {
            snapshot().nodes.reduce(into: [:]) { counts, node in
                if include(node.name), let evaluations = node.statistics?.evaluations, evaluations > 0 {
                    counts[node.name, default: 0] += evaluations
                }
            }
        }
    }

    /// Evaluations of view bodies per body node name.
    var bodyEvaluations: [String: Int] { evaluations { $0.hasSuffix(".body") } }

    /// The most times any one live node was evaluated.
    var mostEvaluationsOfOneNode: Int {
        withLock { snapshot().nodes.map { $0.statistics?.evaluations ?? 0 }.max() ?? 0 }
    }
}
