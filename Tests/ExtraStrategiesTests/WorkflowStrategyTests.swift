import ExtraStrategies
import Scheduling
import Testing
import Views

/// `workflow` re-renders the whole tree on every change; `lazy` re-evaluates what the change reaches.
@Suite struct WorkflowStrategyTests {
    /// Evaluations of a run of `changes` changes, one per frame, on a tree of `depth`.
    private func run(_ strategy: any UpdateStrategy, depth: Int, changes: Int) throws -> (tree: RuleTree, result: RunResult) {
        let tree = RuleTree(depth: depth)
        let loop = try FrameLoop(target: tree.target, strategy: strategy, clock: .virtual(CostModel()))
        let result = try loop.run(frames: changes + 2, events: tree.changeEvents(changes))
        return (tree, result)
    }

    /// Every rule of the tree runs once per change, so a change costs as many evaluations as the
    /// tree has rules: 15, 63, 255.
    @Test(arguments: [3, 5, 7])
    func everyRuleRunsOncePerChange(depth: Int) throws {
        let changes = 4
        let (tree, result) = try run(WorkflowStrategy(), depth: depth, changes: changes)
        let ruleCount = (1 << (depth + 1)) - 1
        #expect(tree.rules.count == ruleCount)
        #expect(tree.graph.nodeCount == ruleCount + tree.leaves.count)
        #expect(tree.evaluationsPerRule == Array(repeating: 1 + changes, count: ruleCount))
        #expect(result.evaluations == changes * ruleCount)
        #expect(result.renderedFrames == changes)
        // The change's thread did the work; frames only present.
        #expect(result.frames.allSatisfy { $0.thread == .main && $0.evaluations == 0 })
    }

    /// `lazy` re-evaluates only the path from the changed leaf to the root: depth + 1 rules.
    @Test(arguments: [3, 5, 7])
    func lazyRunsOnlyThePathToTheRoot(depth: Int) throws {
        let changes = 4
        let (_, result) = try run(LazyStrategy(), depth: depth, changes: changes)
        #expect(result.evaluations == changes * (depth + 1))
    }

    /// On a view host, a tap costs `workflow` one evaluation of every node but the inputs (the
    /// host's, one per environment key read, the list's layout version, and those through which
    /// the list places its rows) and a few rules that nothing reads, whatever the list's length:
    /// every body, layout and display-list node, and every effect; several times what `lazy`
    /// re-evaluates.
    @Test func viewHostCostGrowsWithTreeSize() throws {
        func evaluationsPerTap(_ strategy: any UpdateStrategy, rows: Int) throws -> (evaluations: Int, nodes: Int) {
            let host = counterListHost(rows: rows, animated: false)
            let loop = try FrameLoop(target: host, strategy: strategy, clock: .virtual(CostModel()))
            _ = try loop.run(frames: 1)
            let result = try loop.run(frames: 8, events: taps(on: host, frames: [1, 3, 5]))
            #expect(host.displayList.treeDescription.contains("Count 3"))
            let inputs = host.graph.withLock { host.graph.snapshot().nodes.filter { $0.kind == "input" }.count }
            return (result.evaluations / 3, host.graph.withLock { host.graph.nodeCount } - inputs)
        }
        let sizes = [10, 40, 160]
        let workflow = try sizes.map { try evaluationsPerTap(WorkflowStrategy(), rows: $0) }
        let lazy = try sizes.map { try evaluationsPerTap(LazyStrategy(), rows: $0).evaluations }
        let notRun = Set(workflow.map { $0.nodes - $0.evaluations })
        #expect(notRun.count == 1 && notRun.first! < 5, "\(workflow)")
        for (workflow, lazy) in zip(workflow, lazy) {
            #expect(workflow.evaluations > 3 * lazy)
        }
    }
}
