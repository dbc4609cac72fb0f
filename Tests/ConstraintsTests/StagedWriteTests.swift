import Constraints
import Testing

/// The commit of staged writes at the end of a batch, for every kind of input value: an input's
/// commit is specialised where the input is created, so each creation path is checked here.
@Suite struct StagedWriteTests {
    /// A value that is not `Equatable`: every write is a change.
    struct Opaque { var number: Int }

    /// Creates an input through the unconstrained overload, as generic code (a view layer) does.
    func genericInput<Value>(_ graph: Graph, _ value: Value) -> Input<Value> {
        graph.input(value)
    }

    @Test func batchCommitsEquatableValuesWithCutoff() {
        let graph = Graph()
        let a = graph.input(1)
        let doubled = graph.rule { a.value * 2 }
        #expect(doubled.value == 2)
        var evaluations = graph.statistics.evaluations
        graph.batch { a.value = 5 }
        #expect(doubled.value == 10)
        #expect(graph.statistics.evaluations - evaluations == 1)
        evaluations = graph.statistics.evaluations
        graph.batch { a.value = 5 }
        #expect(doubled.value == 10)
        #expect(graph.statistics.evaluations == evaluations, "an equal value changes nothing")
    }

    @Test func batchCommitsValuesEquatableOnlyAtRunTime() {
        let graph = Graph()
        let a = genericInput(graph, 1)
        let doubled = graph.rule { a.value * 2 }
        #expect(doubled.value == 2)
        let evaluations = graph.statistics.evaluations
        graph.batch { a.value = 1 }
        #expect(doubled.value == 2)
        #expect(graph.statistics.evaluations == evaluations, "== is found at run time")
        graph.batch { a.value = 4 }
        #expect(doubled.value == 8)
    }

    @Test func batchCommitsNonEquatableValuesAsChanges() {
        let graph = Graph()
        let a = graph.input(Opaque(number: 1))
        let number = graph.rule { a.value.number }
        #expect(number.value == 1)
        let evaluations = graph.statistics.evaluations
        graph.batch { a.value = Opaque(number: 1) }
        #expect(number.value == 1)
        #expect(graph.statistics.evaluations - evaluations == 1, "without ==, every write is a change")
        graph.batch { a.value = Opaque(number: 3) }
        #expect(number.value == 3)
    }

    /// Destroying a node with a staged write drops the write; the batch still commits the others,
    /// in the order they were first written.
    @Test func destroyedInputDropsItsStagedWrite() {
        let graph = Graph()
        let subgraph = graph.makeSubgraph(name: "doomed")
        let doomed = subgraph.withCurrent { graph.input(0) }
        let kept = graph.input(0)
        let first = graph.input(0)
        let sum = graph.rule { first.value * 100 + kept.value }
        #expect(sum.value == 0)
        graph.batch {
            first.value = 1
            doomed.value = 7
            kept.value = 2
            subgraph.destroy()
        }
        #expect(!doomed.isAlive)
        #expect(sum.value == 102)
        #expect(graph.nodeCount == 3)
    }

    /// Many inputs written in one batch all commit, past the staging list's initial capacity.
    @Test func manyStagedWritesCommit() {
        let graph = Graph()
        let inputs = (0 ..< 100).map { graph.input($0) }
        let total = graph.rule { inputs.reduce(0) { $0 + $1.value } }
        #expect(total.value == 4_950)
        graph.batch { for input in inputs { input.value += 1 } }
        #expect(total.value == 5_050)
    }
}
