import Testing
@testable import Constraints

/// What a read of a rule from its own value's `==` finds, and that a subgraph destroyed from a `deinit` that the graph's own deinitialisation runs finds no graph to
/// tear down.
@Suite(.serialized) struct ValueDuringCutoffAndTeardownTests {
    /// An `Equatable` value holding a reference (not a plain value), whose `==` calls
    /// ``Probe/duringComparison``.
    struct Boxed: Equatable {
        final class Payload { let number: Int; init(_ number: Int) { self.number = number } }
        let payload: Payload
        init(_ number: Int) { payload = Payload(number) }
        static func == (lhs: Boxed, rhs: Boxed) -> Bool {
            Probe.duringComparison?()
            return lhs.payload.number == rhs.payload.number
        }
    }

    enum Probe {
        nonisolated(unsafe) static var duringComparison: (() -> Void)?
    }

    /// `Rule.cachedValue` of a rule is `nil` while its cutoff compares (the old value is moved out
    /// of the box for the comparison, as documented), and the old value again once it found them
    /// equal.
    @Test func cachedValueDuringCutoffComparison() {
        let graph = Graph()
        let source = graph.input(1)
        let rule = graph.rule(name: "boxed") { Boxed(source.value / 2) }
        #expect(rule.value.payload.number == 0)
        var seen: [Int?] = []
        Probe.duringComparison = { seen.append(rule.cachedValue?.payload.number) }
        defer { Probe.duringComparison = nil }
        source.value = 0  // 0 / 2 == 1 / 2: the cutoff compares, and finds them equal
        _ = rule.value
        #expect(seen == [nil])
        #expect(rule.cachedValue?.payload.number == 0)
    }

    /// Reading a rule from its own value's `==` (a cycle while its cutoff compares, when the box
    /// holds no value) stops the process with a message naming the rule, instead of returning
    /// the empty box's payload.
    @Test func cyclicReadDuringCutoffComparisonStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let source = graph.input(1)
            let rule = graph.rule(name: "boxed") { Boxed(source.value / 2) }
            _ = rule.value
            Probe.duringComparison = { _ = rule.value }
            source.value = 0
            _ = rule.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("'boxed' was read while its cutoff compared"))
    }

    /// A subgraph destroyed from a `deinit` that the graph's own deinitialisation runs (a rule's
    /// body held the object) finds no graph and does nothing: tearing down nodes of a graph half
    /// deinitialised would use freed boxes.
    @Test func subgraphDestroyedFromDeinitDuringGraphDeinit() {
        final class Destroyer {
            let subgraph: Subgraph
            init(_ subgraph: Subgraph) { self.subgraph = subgraph }
            deinit { subgraph.destroy() }
        }
        var subgraph: Subgraph?
        do {
            let graph = Graph()
            let made = graph.makeSubgraph(name: "row")
            subgraph = made
            let outside = graph.input(1, name: "outside")
            let rules = made.withCurrent {
                (0 ..< 8).map { index in
                    let destroyer = Destroyer(made)
                    return graph.rule(name: "r\(index)") { _ = destroyer; return outside.value + index }
                }
            }
            let sum = graph.rule(name: "sum") { rules.reduce(0) { $0 + $1.value } }
            #expect(sum.value == 36)
        }
        // The graph is gone: its deinit released the destroyers, whose destroy must not have torn
        // down anything (there was no graph left to tear down).
        #expect(subgraph?.isDestroyed == false, "a teardown ran during the graph's deinit")
    }

    /// The same with the destroyer held by the rule's *value*: the graph's deinit detaches the
    /// rule, and dropping its value runs the destroy, which must find the rule's slot already
    /// free (`RuleStore.detach(slot:)` frees it before dropping its body and value; a use after
    /// free, a crash, before the graph's deinit let go of its subgraphs first).
    @Test func subgraphDestroyedByValueReleasedDuringGraphDeinit() {
        final class Destroyer {
            let subgraph: Subgraph
            init(_ subgraph: Subgraph) { self.subgraph = subgraph }
            deinit { subgraph.destroy() }
        }
        struct Holder { let destroyer: Destroyer; let number: Int }
        var subgraph: Subgraph?
        for _ in 0 ..< 200 {
            let graph = Graph()
            let made = graph.makeSubgraph(name: "row")
            subgraph = made
            let outside = graph.input(1, name: "outside")
            let rules = made.withCurrent {
                (0 ..< 8).map { index in
                    graph.rule(name: "r\(index)") { Holder(destroyer: Destroyer(made), number: outside.value + index) }
                }
            }
            let sum = graph.rule(name: "sum") { rules.reduce(0) { $0 + $1.value.number } }
            #expect(sum.value == 36)
        }
        #expect(subgraph?.isDestroyed == false, "a teardown ran during the graph's deinit")
    }

    /// An input whose value's `==` destroys the input's own subgraph, written outside a batch: the
    /// teardown waits until the write is done, so the write stores into the input's live slot (not
    /// a freed one), and then the subgraph goes with the input and its reader. It waits even past
    /// an evaluation that the same `==` starts, which runs the teardowns waiting for it otherwise.
    @Test func writtenInputWhoseEqualityDestroysItsSubgraph() {
        let graph = Graph()
        let root = graph.input(10, name: "root")
        let neverRun = graph.rule(name: "never run") { root.value * 3 }
        let row = graph.makeSubgraph(name: "row")
        let (input, reader) = row.withCurrent {
            let input = graph.input(Boxed(1), name: "boxed")
            return (input, graph.rule(name: "reader") { input.value.payload.number + root.value })
        }
        #expect(reader.value == 11)
        #expect(graph.nodeCount == 4)
        var comparisons = 0
        Probe.duringComparison = {
            comparisons += 1
            row.destroy()
            #expect(neverRun.value == 30)  // an evaluation, at whose end waiting teardowns run
            #expect(input.exists, "the input went while its written value was compared")
        }
        defer { Probe.duringComparison = nil }
        input.value = Boxed(2)
        #expect(comparisons == 1)
        #expect(row.isDestroyed)
        #expect(!input.exists && !reader.exists)
        #expect(graph.nodeCount == 2)
        #expect(!graph.isComparingWrittenValue)
        root.value = 20
        #expect(root.value == 20)
    }

    /// The same for writes staged in a batch: the first committed input's `==` destroys the
    /// subgraph of the second, whose commit then still finds its slot; the teardown runs once the
    /// batch's writes are committed.
    @Test func batchWhoseFirstEqualityDestroysTheSecondInputsSubgraph() {
        let graph = Graph()
        let first = graph.input(Boxed(1), name: "first")
        let row = graph.makeSubgraph(name: "row")
        let (second, reader) = row.withCurrent {
            let second = graph.input(Boxed(5), name: "second")
            return (second, graph.rule(name: "reader") { second.value.payload.number })
        }
        let total = graph.rule(name: "total") { first.value.payload.number * 100 }
        #expect(reader.value == 5 && total.value == 100)
        var comparisons = 0
        Probe.duringComparison = {
            comparisons += 1
            if comparisons == 1 { row.destroy() }
        }
        defer { Probe.duringComparison = nil }
        graph.batch {
            first.value = Boxed(2)
            second.value = Boxed(6)
        }
        #expect(comparisons == 2, "both staged writes were compared")
        #expect(row.isDestroyed && !second.exists && !reader.exists)
        #expect(total.value == 200)
        #expect(graph.nodeCount == 2)
    }

    /// A batch whose first committed input's `==` reads a rule that never ran: the evaluation's end
    /// commits the rest of the batch itself; every write lands once and the graph stays
    /// consistent.
    @Test func batchWhoseEqualityStartsAnEvaluation() {
        let graph = Graph()
        let first = graph.input(Boxed(1), name: "first")
        let second = graph.input(Boxed(2), name: "second")
        let third = graph.input(3, name: "third")
        let neverRun = graph.rule(name: "never run") { third.value * 10 }
        let total = graph.rule(name: "total") { first.value.payload.number * 100 + second.value.payload.number * 10 + third.value }
        #expect(total.value == 123)
        var seen: [Int] = []
        var comparisons = 0
        Probe.duringComparison = {
            comparisons += 1
            if comparisons == 1 { seen.append(neverRun.value) }
        }
        defer { Probe.duringComparison = nil }
        graph.batch {
            first.value = Boxed(4)
            second.value = Boxed(5)
            third.value = 6
        }
        #expect(seen == [30], "the rule saw the value before the batch")
        #expect(comparisons == 2)
        #expect(total.value == 456)
        #expect(graph.statistics.inputChanges == 3)
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// A flush from a written value's `==` is ignored and reported, like one during an evaluation:
    /// it would run the effects of a subgraph that `==` destroyed, whose teardown waits for the
    /// write. The queued effect runs at the next flush, and a cancellation from `==` takes effect
    /// at once.
    @Test func flushFromAWrittenValuesEqualityIsIgnored() {
        let graph = Graph()
        let boxed = graph.input(Boxed(1), name: "boxed")
        let b = graph.input(0, name: "b")
        var runs = 0
        let effect = graph.effect(name: "reads b") { _ = b.value; runs += 1 }
        let cancelled = graph.effect(name: "cancelled") { _ = b.value }
        b.value = 1
        Probe.duringComparison = {
            cancelled.cancel()
            graph.flush()
        }
        defer { Probe.duringComparison = nil }
        boxed.value = Boxed(2)
        #expect(runs == 1, "the flush from == ran nothing")
        #expect(!cancelled.isActive)
        #expect(graph.diagnostics == [.flushDuringEvaluation])
        Probe.duringComparison = nil
        graph.flush()
        #expect(runs == 2)
        effect.cancel()
    }
}
