import ExtraStrategies
import Scheduling
import Testing
import Views

/// `workflow` and `texture` differ from `lazy` in cost and threads, never in what is shown.
@Suite struct SameOutputTests {
    private let strategies = ["lazy", "workflow", "texture"]

    private func registry() throws -> StrategyRegistry {
        let registry = StrategyRegistry()
        try registerExtraStrategies(in: registry)
        return registry
    }

    /// On a graph target, frame by frame: the same frames show the same values.
    @Test func graphTargetShowsTheSameValuesFrameByFrame() throws {
        var histories: [String: [String]] = [:]
        for strategy in strategies {
            let tree = RuleTree(depth: 4)
            let target = RecordingTarget(base: tree.target, root: tree.rules.last!)
            let loop = try FrameLoop(target: target, strategy: strategy, registry: registry(), clock: .virtual(CostModel()))
            _ = try loop.run(frames: 12, events: tree.changeEvents(8))
            histories[strategy] = target.history.map { "tick \($0.tick): \($0.value)" }
            #expect(tree.rootValue == (0 ..< 16).reduce(0, +) + 8, "\(strategy)")
        }
        #expect(histories["lazy"]?.count == 8)
        #expect(histories["workflow"] == histories["lazy"])
        #expect(histories["texture"] == histories["lazy"])
    }

    /// On a view host with an animation, with costs: the same final display list, and the same
    /// number of body evaluations of the tapped counter's label.
    @Test func viewHostShowsTheSameDisplayList() throws {
        var lists: [String: DisplayList] = [:]
        for strategy in strategies {
            let host = counterListHost(rows: 5, animated: true)
            let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(200), perEvaluation: .microseconds(20)))
            let loop = try FrameLoop(target: host, strategy: strategy, registry: registry(), clock: clock)
            let result = try loop.run(frames: 40, events: taps(on: host, frames: [2, 2, 5, 9]))
            lists[strategy] = host.displayList
            #expect(host.displayList.treeDescription.contains("Count 4"), "\(strategy)")
            #expect(result.renderedFrames > 10, "\(strategy)")
        }
        #expect(lists["workflow"] == lists["lazy"])
        #expect(lists["texture"] == lists["lazy"])
    }
}
