@testable import Constraints
import Reproductions
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

    /// A value whose `==` notes, in a log the values share, the tag of the input it belongs to:
    /// the commit compares each staged value with the input's, so the log is the commit's order.
    struct Logged: Equatable {
        final class Log { var tags: [Int] = [] }
        let tag: Int
        let number: Int
        let log: Log

        static func == (lhs: Logged, rhs: Logged) -> Bool {
            lhs.log.tags.append(lhs.tag)
            return lhs.number == rhs.number
        }
    }

    /// Rows (a subgraph with an input each) made, written and destroyed in one batch in a random
    /// order, beside inputs of the root: an input destroyed with a staged write leaves its entry in
    /// the staging list (finding it would take a search), which the graph counts and the commit
    /// drops, also when a later input took its id and was written. After every step the checker
    /// finds nothing; the commit compares the surviving inputs' writes in the order they were first
    /// written, as a model lists them, each once; each input ends with its last written value.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func inputsDestroyedWithStagedWritesLeaveTheOthersCommittedInOrder(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let graph = quietGraph()
        let log = Logged.Log()
        var inputs: [Int: Input<Logged>] = [:]
        var rows: [Int: Subgraph] = [:]
        for tag in 0 ..< 8 { inputs[tag] = graph.input(Logged(tag: tag, number: 0, log: log), name: "root \(tag)") }
        /// The model: the tags of live inputs written in the batch, in the order first written, and
        /// each input's last written number.
        var firstWritten: [Int] = []
        var expected: [Int: Int] = [:]
        /// The ids of inputs destroyed with a staged write, and the tags of inputs that took one.
        var destroyedWithStagedWrite: Set<Int32> = []
        var tookSuchAnId: Set<Int> = []
        var writesOfSuchInputs = 0
        var mostCounted = 0
        graph.batch {
            for step in 0 ..< 400 {
                let choice = rng.int(0 ..< 10)
                if choice < 3 {
                    let tag = 100 + step
                    let row = graph.makeSubgraph(name: "row \(tag)")
                    let input = row.withCurrent { graph.input(Logged(tag: tag, number: 0, log: log), name: "cell \(tag)") }
                    if destroyedWithStagedWrite.contains(input.nodeID) { tookSuchAnId.insert(tag) }
                    inputs[tag] = input
                    rows[tag] = row
                    expected[tag] = 0
                } else if choice < 8 {
                    let tag = inputs.keys.sorted()[rng.int(0 ..< inputs.count)]
                    let number = step + 1
                    inputs[tag]!.value = Logged(tag: tag, number: number, log: log)
                    if !firstWritten.contains(tag) { firstWritten.append(tag) }
                    if tookSuchAnId.contains(tag) { writesOfSuchInputs += 1 }
                    expected[tag] = number
                } else if !rows.isEmpty {
                    let tag = rows.keys.sorted()[rng.int(0 ..< rows.count)]
                    let id = inputs[tag]!.nodeID
                    if firstWritten.contains(tag) { destroyedWithStagedWrite.insert(id) }
                    rows.removeValue(forKey: tag)!.destroy()
                    inputs.removeValue(forKey: tag)
                    expected.removeValue(forKey: tag)
                    firstWritten.removeAll { $0 == tag }
                }
                mostCounted = max(mostCounted, graph.stagedEntriesOfDestroyedInputs)
                let found = graph.invariantViolations()
                #expect(found.isEmpty, "step \(step): \(found)")
            }
        }
        #expect(mostCounted > 1 && graph.stagedEntriesOfDestroyedInputs == 0 && graph.stagedInputs.isEmpty)
        #expect(writesOfSuchInputs > 0, "some input took the id of one destroyed with a staged write and was written")
        #expect(log.tags == firstWritten)
        for (tag, input) in inputs { #expect(input.value.number == expected[tag], "input \(tag)") }
        #expect(graph.invariantViolations().isEmpty)
    }

    /// A long batch that makes, writes and destroys many rows keeps its staging list short: the
    /// entries their inputs leave are dropped once they are half the list, not only by the commit,
    /// also while live rows hold ids listed before by destroyed ones; the inputs that stay commit
    /// once each, in the order first written, with their values.
    @Test func aLongBatchOfDestroyedWrittenRowsKeepsTheStagingListShort() {
        let graph = quietGraph()
        let log = Logged.Log()
        let kept = (0 ..< 4).map { graph.input(Logged(tag: $0, number: 0, log: log), name: "kept \($0)") }
        var rows: [(tag: Int, row: Subgraph, cell: Input<Logged>)] = []
        var longest = 0
        var checked = 0
        graph.batch {
            for tag in kept.indices.reversed() { kept[tag].value = Logged(tag: tag, number: tag + 1, log: log) }
            for step in 0 ..< 1_000 {
                let tag = 100 + step
                let row = graph.makeSubgraph(name: "row")
                let cell = row.withCurrent { graph.input(Logged(tag: tag, number: 0, log: log), name: "cell") }
                cell.value = Logged(tag: tag, number: step + 1, log: log)
                rows.append((tag, row, cell))
                // Two rows stay alive, so ids that destroyed rows left in the list are live again.
                if rows.count > 2 { rows.removeFirst().row.destroy() }
                longest = max(longest, graph.stagedInputs.count)
                if step % 7 == 0 {
                    let found = graph.invariantViolations()
                    #expect(found.isEmpty, "step \(step): \(found)")
                    checked += 1
                }
            }
        }
        // Six inputs with a staged write, and entries of destroyed ones dropped once there are
        // more than 8 and more than the rest: without that, the list would end 1,004 long.
        #expect(longest <= 2 * (kept.count + 2) + 9, "the staging list grew to \(longest) entries")
        #expect(checked > 100 && graph.stagedInputs.isEmpty && graph.stagedEntriesOfDestroyedInputs == 0)
        #expect(log.tags == [3, 2, 1, 0] + rows.map(\.tag))
        #expect(kept.map(\.value.number) == [1, 2, 3, 4])
        #expect(rows.map(\.cell.value.number) == rows.map { $0.tag - 99 })
        #expect(graph.nodeCount == kept.count + rows.count)
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
