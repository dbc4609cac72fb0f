@testable import Reproductions
import Testing

/// Differential tests: the height-ordered evaluator, the mark-sweep graph and a from-scratch
/// evaluation must agree on every observed value after every step.
@Suite struct TopologicalEvaluatorTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func agreesWithGraphOnRandomDAGs(seed: UInt64) {
        let workload = Workload.randomDAG(nodes: 60 + Int(seed) * 40, seed: seed)
        checkAgreement(workload, steps: 60, seed: seed)
    }

    @Test func agreesOnEveryShape() {
        for workload in [Workload.chain(nodes: 50), .fanOut(nodes: 50, readEvery: 3), .diamonds(nodes: 50),
                         .conditional(nodes: 50, switchEvery: 2), .forest(components: 5, length: 10),
                         .fanIn(nodes: 40, fanIn: 3), .comb(nodes: 40, changePoints: 4)] {
            checkAgreement(workload, steps: 30, seed: 9)
        }
    }

    /// Random reads: the graph reads a random subset of the outputs (the rest go stale), while the
    /// topological evaluator keeps all of them up to date.
    private func checkAgreement(_ workload: Workload, steps: Int, seed: UInt64) {
        let spec = workload.spec
        let graph = MarkSweepInstance(spec: spec)
        let topological = TopologicalEvaluator(spec: spec, observing: workload.outputs)
        var inputs = spec.initialInputValues
        var random = SplitMix64(seed: seed)
        for var step in workload.steps(steps, seed: seed) {
            step.reads = step.reads.filter { _ in Bool.random(using: &random) }
            graph.apply(step)
            topological.apply(step)
            for write in step.writes { inputs[Int(write.node)] = write.value }
            let expected = spec.evaluateAll(inputValues: inputs)
            for node in workload.outputs {
                #expect(topological.value(of: node) == expected[Int(node)], "\(workload.name) node \(node)")
            }
            for node in step.reads {
                #expect(graph.read(node) == expected[Int(node)], "\(workload.name) node \(node)")
            }
        }
    }

    @Test func onlyTheSelectedBranchIsKeptUpToDate() {
        // condition, a, b; chains of 10 on a and on b; select(condition, tailA, tailB).
        let workload = Workload.conditional(nodes: 24)
        let topological = TopologicalEvaluator(spec: workload.spec, observing: workload.outputs)
        let tailB = workload.spec.parents(of: workload.outputs[0]).last!
        #expect(!topological.isNecessary(tailB))
        topological.apply(Step(writes: [Write(node: 2, value: 5)], reads: []))
        #expect(topological.recomputations == 0, "changing the unselected chain recomputes nothing")
        topological.apply(Step(writes: [Write(node: 0, value: 1)], reads: []))
        #expect(topological.isNecessary(tailB))
        #expect(topological.value(of: workload.outputs[0]) == 5 + 10)
        // The select, postponed once while chain B was brought up to date, counts once; chain B: 10.
        #expect(topological.recomputations == 11)
    }

    @Test func recomputeHeapPopsLowestHeightFirst() {
        var heap = RecomputeHeap(nodes: 5, maximumHeight: 4)
        heap.push(3, height: 4)
        heap.push(1, height: 2)
        #expect(heap.popLowest() == 1)
        heap.push(0, height: 0)
        heap.push(2, height: 2)
        #expect(heap.lowestHeight == 0)
        #expect(heap.popLowest() == 0)
        #expect(heap.popLowest() == 2)
        #expect(heap.popLowest() == 3)
        #expect(heap.popLowest() == nil)
    }
}
