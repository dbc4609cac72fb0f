import Constraints
import Testing
import TestSupport

/// Issue 2, item 3: no recursion proportional to graph depth in marking or in updating an
/// evaluated graph, and long chains tear down without recursive deinit. The tests that run in this
/// process do so on a thread of their own with a secondary thread's 512 KiB stack.
@Suite struct DepthTests {
    static let chainLength = 1_000_000

    /// A 1,000,000-node chain, built while evaluating as it grows, is marked in full (and repeated
    /// writes before a read cost no marks), updated from its input, read and torn down (handles
    /// first, then the graph; the reverse order is covered by the exit tests below).
    @Test func millionNodeChainBuildsMarksUpdatesAndTearsDown() async throws {
        struct Observed: Sendable {
            var mismatches = 0, nodeCount = 0, buildEvaluations = 0
            var marksOfFirstWrite = 0, evaluationsOfWrites = 0, marksOfThreeWrites = 0, tailDirtyAfterWrites = false
            var firstRead = 0, evaluationsOfFirstRead = 0, tailDirtyAfterRead = true
            var secondRead = 0, evaluationsOfBothReads = 0
            var aliveWhileGraphHoldsIt = false, reclaimedWithGraph = false
        }
        let count = Self.chainLength
        let observed = try await onOwnThread(stackSize: 512 * 1024) {
            var observed = Observed()
            var graph: Graph? = Graph()
            let input = graph!.input(0, name: "input")
            // Rule k (1-based) = input + k.
            var tail: Rule<Int>? = graph!.rule(name: "head") { input.value + 1 }
            if tail!.value != 1 { observed.mismatches += 1 }
            for index in 2 ... count {
                let previous = tail!
                tail = graph!.rule { previous.value + 1 }
                if tail!.value != index { observed.mismatches += 1 }
            }
            observed.nodeCount = graph!.nodeCount
            observed.buildEvaluations = graph!.statistics.evaluations

            // Mark phase over the whole chain, then repeated writes that cost no marks.
            let before = graph!.statistics
            input.value = 1
            observed.marksOfFirstWrite = delta(before, graph!.statistics).marks
            input.value = 7
            input.value = 2
            observed.marksOfThreeWrites = delta(before, graph!.statistics).marks
            observed.evaluationsOfWrites = delta(before, graph!.statistics).evaluations
            observed.tailDirtyAfterWrites = tail!.state.contains(.dirty)

            // Update: the walk goes a million deep, then every node re-runs once.
            observed.firstRead = tail!.value
            observed.evaluationsOfFirstRead = delta(before, graph!.statistics).evaluations
            observed.tailDirtyAfterRead = tail!.state.contains(.dirty)
            observed.secondRead = tail!.value
            observed.evaluationsOfBothReads = delta(before, graph!.statistics).evaluations

            let weakTail = WeakNode(tail!)
            tail = nil
            observed.aliveWhileGraphHoldsIt = weakTail.isAlive
            graph = nil
            observed.reclaimedWithGraph = weakTail.isReclaimed
            return observed
        }
        #expect(observed.mismatches == 0, "every new node read its expected value while the chain grew")
        #expect(observed.nodeCount == count + 1)
        #expect(observed.buildEvaluations == count)
        #expect(observed.marksOfFirstWrite == count)
        #expect(observed.marksOfThreeWrites == count, "the frontier is already marked")
        #expect(observed.evaluationsOfWrites == 0)
        #expect(observed.tailDirtyAfterWrites)
        #expect(observed.firstRead == count + 2)
        #expect(observed.evaluationsOfFirstRead == count)
        #expect(!observed.tailDirtyAfterRead)
        #expect(observed.secondRead == count + 2)
        #expect(observed.evaluationsOfBothReads == count, "a second read uses the cache")
        #expect(observed.aliveWhileGraphHoldsIt, "the graph still holds the node")
        #expect(observed.reclaimedWithGraph)
    }

    /// A 1,000,000-node chain inside a subgraph, each closure capturing the previous node, is
    /// destroyed without recursion; memory is reclaimed, the graph stays usable and reuses the
    /// freed slots. (Built without evaluating, to keep debug-build time down: teardown and the
    /// capture chain do not depend on evaluation.)
    @Test func millionNodeSubgraphDestroys() async throws {
        struct Observed: Sendable {
            var headValue = 0, nodeCount = 0, groupCount = 0, aliveBefore = false
            var nodeCountAfter = 0, groupCountAfter = 0, goneAfter = false, reclaimedAfter = false
            var afterValue = 0, afterIndex: Int32 = 0, afterValueUpdated = 0, marks = 0
        }
        let count = Self.chainLength
        let observed = try await onOwnThread(stackSize: 512 * 1024) {
            var observed = Observed()
            let graph = Graph()
            let input = graph.input(1, name: "input")
            let group = graph.makeSubgraph(name: "chain")
            let weakTail = group.withCurrent { () -> WeakNode<Int> in
                let head = graph.rule { input.value }
                observed.headValue = head.value
                var tail = head
                for _ in 1 ..< count {
                    let previous = tail
                    tail = graph.rule { previous.value + 1 }
                }
                return WeakNode(tail)
            }
            (observed.nodeCount, observed.groupCount, observed.aliveBefore) = (graph.nodeCount, group.nodeCount, weakTail.isAlive)

            group.destroy()
            (observed.nodeCountAfter, observed.groupCountAfter) = (graph.nodeCount, group.nodeCount)
            observed.goneAfter = !weakTail.isAlive && weakTail.value == nil
            observed.reclaimedAfter = weakTail.isReclaimed

            let after = graph.rule(name: "after") { input.value * 3 }
            (observed.afterValue, observed.afterIndex) = (after.value, after.id.index)
            input.value = 2
            (observed.afterValueUpdated, observed.marks) = (after.value, graph.statistics.marks)
            return observed
        }
        #expect(observed.headValue == 1)
        #expect(observed.nodeCount == count + 1)
        #expect(observed.groupCount == count)
        #expect(observed.aliveBefore)
        #expect(observed.nodeCountAfter == 1)
        #expect(observed.groupCountAfter == 0)
        #expect(observed.goneAfter)
        #expect(observed.reclaimedAfter)
        #expect(observed.afterValue == 3)
        #expect(observed.afterIndex < Int32(count), "a freed slot was reused")
        #expect(observed.afterValueUpdated == 6)
        #expect(observed.marks == 1, "the destroyed head no longer reads the input")
    }

    /// Reading the tail of a chain of a million rules that never ran (see
    /// `DeepEvaluationThreadTests` for the threads this takes), in a child process so that a crash
    /// fails only this test.
    @Test func neverEvaluatedMillionRuleChainReadsItsTail() async {
        await #expect(processExitsWith: .success) {
            let graph = Graph()
            let input = graph.input(1, name: "input")
            var tail = graph.rule { input.value + 1 }
            for _ in 1 ..< DepthTests.chainLength {
                let previous = tail
                tail = graph.rule { previous.value + 1 }
            }
            let value = tail.value
            precondition(value == DepthTests.chainLength + 1, "read \(value)")
        }
    }

    // Teardown in the adversarial order, in a child process so that a stack overflow fails only
    // the test. Each closure captures the previous node: unless the engine drops closures when the
    // graph goes (or the subgraph is destroyed), releasing the last handle releases the whole chain
    // recursively.

    /// The graph is released while a handle to the tail of a 1,000,000-node chain is still held;
    /// dropping the handle afterwards must not recurse through the chain.
    @Test func chainOutlivedByTailHandleTearsDown() async {
        await #expect(processExitsWith: .success) {
            var graph: Graph? = Graph()
            let input = graph!.input(0, name: "input")
            var tail: Rule<Int>? = graph!.rule { input.value + 1 }
            for _ in 1 ..< DepthTests.chainLength {
                let previous = tail!
                tail = graph!.rule { previous.value + 1 }
            }
            graph = nil
            tail = nil
        }
    }

    /// A subgraph holding a 1,000,000-node chain is destroyed while a handle to its tail is held;
    /// dropping the handle afterwards must not recurse through the chain.
    @Test func destroyedChainOutlivedByTailHandleTearsDown() async {
        await #expect(processExitsWith: .success) {
            let graph = Graph()
            let group = graph.makeSubgraph(name: "chain")
            var tail: Rule<Int>? = group.withCurrent {
                var tail = graph.rule { 0 }
                for _ in 1 ..< DepthTests.chainLength {
                    let previous = tail
                    tail = graph.rule { previous.value + 1 }
                }
                return tail
            }
            group.destroy()
            precondition(tail?.isAlive == false)
            tail = nil
            withExtendedLifetime(graph) {}
        }
    }

    /// Node values can hold other nodes' handles too. A 1,000,000-node chain of inputs whose values
    /// point backwards (each holds the previous node) and one whose values point forwards (each
    /// holds the next) are released with the graph, and another with its subgraph, without
    /// recursing through the chain.
    @Test func chainsThroughValuesTearDown() async {
        await #expect(processExitsWith: .success) {
            var graph: Graph? = Graph()
            var backwards = graph!.input(Link(to: nil))
            for _ in 1 ..< DepthTests.chainLength { backwards = graph!.input(Link(to: backwards)) }
            let nodes = (0 ..< DepthTests.chainLength).map { _ in graph!.input(Link(to: nil)) }
            for index in 0 ..< nodes.count - 1 { nodes[index].value = Link(to: nodes[index + 1]) }
            graph = nil
            withExtendedLifetime((backwards, nodes)) {}
        }
        await #expect(processExitsWith: .success) {
            let graph = Graph()
            let group = graph.makeSubgraph(name: "chain")
            group.withCurrent {
                var backwards = graph.input(Link(to: nil))
                for _ in 1 ..< DepthTests.chainLength { backwards = graph.input(Link(to: backwards)) }
            }
            group.destroy()
            precondition(graph.nodeCount == 0)
        }
    }
}

/// A value that holds another node's handle, to build chains through values.
struct Link {
    let to: Input<Link>?
}
