import Constraints
import Testing

/// Issue 2, item 3: no recursion proportional to graph depth in marking or in updating an
/// evaluated graph, and long chains tear down without recursive deinit. Runs on the test runner's
/// default-size thread stack.
@Suite struct DepthTests {
    static let chainLength = 1_000_000

    /// A 1,000,000-node chain, built while evaluating as it grows, is marked in full (and repeated
    /// writes before a read cost no marks), updated from its input, read and torn down (handles
    /// first, then the graph; the reverse order is covered by the exit tests below).
    @Test func millionNodeChainBuildsMarksUpdatesAndTearsDown() {
        let count = Self.chainLength
        var mismatches = 0
        var graph: Graph? = Graph()
        let input = graph!.input(0, name: "input")
        // Rule k (1-based) = input + k.
        var tail: Rule<Int>? = graph!.rule(name: "head") { input.value + 1 }
        if tail!.value != 1 { mismatches += 1 }
        for index in 2 ... count {
            let previous = tail!
            tail = graph!.rule { previous.value + 1 }
            if tail!.value != index { mismatches += 1 }
        }
        #expect(mismatches == 0, "every new node read its expected value while the chain grew")
        #expect(graph!.nodeCount == count + 1)
        #expect(graph!.statistics.evaluations == count)

        // Mark phase over the whole chain, then repeated writes that cost no marks.
        let before = graph!.statistics
        input.value = 1
        #expect(delta(before, graph!.statistics).marks == count)
        #expect(delta(before, graph!.statistics).evaluations == 0)
        input.value = 7
        input.value = 2
        #expect(delta(before, graph!.statistics).marks == count, "the frontier is already marked")
        #expect(tail!.state.contains(.dirty))

        // Update: the walk goes a million deep, then every node re-runs once.
        #expect(tail!.value == count + 2)
        #expect(delta(before, graph!.statistics).evaluations == count)
        #expect(!tail!.state.contains(.dirty))
        #expect(tail!.value == count + 2)
        #expect(delta(before, graph!.statistics).evaluations == count, "a second read uses the cache")

        let weakTail = WeakNode(tail!)
        tail = nil
        #expect(weakTail.isAlive, "the graph still holds the node")
        graph = nil
        #expect(weakTail.isReclaimed)
    }

    /// A 1,000,000-node chain inside a subgraph, each closure capturing the previous node, is
    /// destroyed without recursion; memory is reclaimed, the graph stays usable and reuses the
    /// freed slots. (Built without evaluating, to keep debug-build time down: teardown and the
    /// capture chain do not depend on evaluation.)
    @Test func millionNodeSubgraphDestroys() {
        let count = Self.chainLength
        let graph = Graph()
        let input = graph.input(1, name: "input")
        let group = graph.makeSubgraph(name: "chain")
        let weakTail = group.withCurrent { () -> WeakNode<Int> in
            let head = graph.rule { input.value }
            #expect(head.value == 1)
            var tail = head
            for _ in 1 ..< count {
                let previous = tail
                tail = graph.rule { previous.value + 1 }
            }
            return WeakNode(tail)
        }
        #expect(graph.nodeCount == count + 1)
        #expect(group.nodeCount == count)
        #expect(weakTail.isAlive)

        group.destroy()
        #expect(graph.nodeCount == 1)
        #expect(group.nodeCount == 0)
        #expect(!weakTail.isAlive && weakTail.value == nil)
        #expect(weakTail.isReclaimed)

        let after = graph.rule(name: "after") { input.value * 3 }
        #expect(after.value == 3)
        #expect(after.id.index < Int32(count), "a freed slot was reused")
        input.value = 2
        #expect(after.value == 6)
        #expect(graph.statistics.marks == 1, "the destroyed head no longer reads the input")
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
