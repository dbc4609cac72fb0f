import Constraints
import Foundation
import Testing

/// Issue 2, item 5: AttributeGraph's extras — subgraphs, weak nodes, value state bits with the
/// main-thread flag, per-node and per-graph counters, DOT and JSON dumps.
@Suite struct ExtrasTests {
    // MARK: Subgraphs

    /// Destroying a subgraph removes its nodes, reuses their slots and releases their values.
    @Test func subgraphDestroyRemovesNodesReusesSlotsAndReleasesValues() {
        let graph = Graph()
        let deinits = DeinitCounter()
        let outside = graph.input(1, name: "outside")
        let row = graph.makeSubgraph(name: "row")
        let (ids, weakInput, weakRule) = row.withCurrent { () -> (Set<Int32>, WeakNode<Tracked>, WeakNode<Tracked>) in
            let model = graph.input(Tracked(10, deinits), name: "model")
            let view = graph.rule(name: "view") { Tracked(model.value.payload + outside.value, deinits) }
            #expect(view.value.payload == 11)
            return ([model.id.index, view.id.index], WeakNode(model), WeakNode(view))
        }
        #expect(graph.nodeCount == 3)
        #expect(row.nodeCount == 2)
        #expect(weakRule.value?.payload == 11)
        #expect(deinits.count == 0)

        row.destroy()
        #expect(row.isDestroyed)
        #expect(graph.nodeCount == 1)
        #expect(row.nodeCount == 0)
        #expect(deinits.count == 2, "the input's value and the rule's cached value were released")
        #expect(weakInput.isReclaimed && weakRule.isReclaimed, "no handle held: the boxes are gone")
        #expect(!weakInput.isAlive && weakRule.value == nil)
        #expect(graph.snapshot().nodes.map(\.name) == ["outside"])

        let reused = [graph.input(0, name: "x"), graph.input(0, name: "y")]
        #expect(Set(reused.map(\.id.index)) == ids, "freed slots are reused")
        outside.value = 2
        #expect(graph.statistics.marks == 0, "the destroyed rule no longer reads `outside`")
    }

    /// A weak reference reads the node while it exists and becomes nil when its subgraph is
    /// destroyed, even while a strong handle is still held.
    @Test func weakNodeBecomesNilWhenDestroyed() {
        let graph = Graph()
        let a = graph.input(3, name: "a")
        let row = graph.makeSubgraph(name: "row")
        let (rule, input) = row.withCurrent { (graph.rule(name: "r") { a.value * 2 }, graph.input(7, name: "i")) }
        let weakRule = WeakNode(rule)
        let weakInput = WeakNode(input)
        let weakOutside = WeakNode(a)
        #expect(weakRule.value == 6)
        #expect(weakRule.rule != nil && weakRule.input == nil)
        #expect(weakInput.input?.value == 7 && weakInput.rule == nil)
        #expect(weakRule.isAlive && rule.isAlive)

        row.destroy()
        #expect(!weakRule.isAlive && !weakInput.isAlive)
        #expect(weakRule.rule == nil && weakRule.value == nil)
        #expect(weakInput.input == nil && weakInput.value == nil)
        #expect(weakRule.isReclaimed, "a rule's storage is its store's entry, freed with the node even while a handle is held")
        #expect(!rule.isAlive)
        #expect(rule.id.index == -1)
        #expect(rule.state == [])
        #expect(rule.name.contains("destroyed"))
        #expect(weakOutside.value == 3 && weakOutside.isAlive)
    }

    /// Destroying a subgraph releases what its rules' closures captured even while handles to the
    /// rules are still held, for value types of every size and alignment (a rule's closure lies in
    /// its store's entry at an offset that depends on the value type).
    @Test func destroyReleasesCapturesWhileHandlesAreHeld() {
        let graph = Graph()
        let deinits = DeinitCounter()
        let row = graph.makeSubgraph(name: "row")
        func capturing<Value>(_ make: @escaping (Int) -> Value) -> Rule<Value> {
            let captured = Tracked(1, deinits)
            return graph.rule { make(captured.payload) }
        }
        let (small, text, vector, large) = row.withCurrent {
            (
                capturing { $0 },
                capturing { String(repeating: "x", count: $0) },
                capturing { SIMD4<Float>(repeating: Float($0)) },
                capturing { ($0, $0, $0, $0, $0) }
            )
        }
        let (byte, optional) = row.withCurrent { (capturing { UInt8($0) }, capturing { Int?($0) }) }
        #expect(small.value == 1 && text.value == "x" && vector.value.x == 1 && large.value.4 == 1)
        #expect(byte.value == 1 && optional.value == 1)
        #expect(deinits.count == 0)

        row.destroy()
        #expect(deinits.count == 6, "every captured object was released at destroy")
        #expect(![small.isAlive, text.isAlive, vector.isAlive, large.isAlive, byte.isAlive, optional.isAlive].contains(true))
        #expect(small.cachedValue == nil, "the held handles read as destroyed")
    }

    /// A rule outside a subgraph that read one of its nodes loses the edge and re-runs when next
    /// demanded; reading through a `WeakNode` lets it fall back.
    @Test func outsideReaderReRunsAfterDestroy() {
        let graph = Graph(recordsNodeStatistics: true)
        let row = graph.makeSubgraph(name: "row")
        let cell = row.withCurrent { graph.input(5, name: "cell") }
        let weakCell = WeakNode(cell)
        let total = graph.rule(name: "total") { (weakCell.value ?? -1) + 100 }
        #expect(total.value == 105)
        #expect(graph.recordedInputs(of: total) == [cell.id.index])

        row.destroy()
        #expect(total.state.contains(.dirty))
        #expect(total.value == 99)
        #expect(graph.evaluations(of: total) == 2)
        #expect(graph.recordedInputs(of: total).isEmpty)
        #expect(graph.statistics.edgesRemoved == 1)
    }

    /// The per-node counter of a reader records the input edge it lost when its input was destroyed.
    @Test func readerLosingDestroyedInputCountsRemovedEdge() {
        let graph = Graph(recordsNodeStatistics: true)
        let row = graph.makeSubgraph(name: "row")
        let cell = row.withCurrent { graph.input(5, name: "cell") }
        let weakCell = WeakNode(cell)
        let total = graph.rule(name: "total") { (weakCell.value ?? -1) + 100 }
        #expect(total.value == 105)
        row.destroy()
        #expect(graph.statistics.edgesRemoved == 1)
        #expect(graph.statistics(of: total)?.edgesRemoved == 1, "NodeStatistics.edgesRemoved: input edges the node lost")
    }

    /// An effect that read a node of a destroyed subgraph re-runs at the next flush.
    @Test func effectReadingDestroyedNodeReRunsAtFlush() {
        let graph = Graph()
        let row = graph.makeSubgraph(name: "row")
        let cell = row.withCurrent { graph.input(5, name: "cell") }
        let weakCell = WeakNode(cell)
        var seen: [Int?] = []
        let effect = graph.effect(name: "show") { seen.append(weakCell.value) }
        row.destroy()
        #expect(seen == [5])
        graph.flush()
        #expect(seen == [5, nil])
        graph.flush()
        #expect(seen == [5, nil])
        effect.cancel()
    }

    /// Destroying a subgraph inside a batch drops the staged writes of its inputs; readers outside
    /// re-run after the batch.
    @Test func destroyInsideBatchDropsStagedWrites() {
        let graph = Graph()
        let row = graph.makeSubgraph(name: "row")
        let cell = row.withCurrent { graph.input(5, name: "cell") }
        let other = graph.input(1, name: "other")
        let weakCell = WeakNode(cell)
        let reader = graph.rule(name: "reader") { (weakCell.value ?? 0) + other.value }
        #expect(reader.value == 6)
        graph.batch {
            cell.value = 50
            other.value = 2
            row.destroy()
        }
        #expect(graph.nodeCount == 2)
        #expect(reader.value == 2)
        #expect(graph.statistics.inputChanges == 1, "only `other` changed")
    }

    /// A handle to a destroyed node never aliases the node that later reuses its slot.
    @Test func reusedSlotDoesNotAliasOldHandles() {
        let graph = Graph(recordsNodeStatistics: true)
        let row = graph.makeSubgraph(name: "row")
        let old = row.withCurrent { graph.rule(name: "old") { 1 } }
        #expect(old.value == 1)
        let oldIndex = old.id.index
        let weakOld = WeakNode(old)
        row.destroy()
        let replacement = graph.rule(name: "new") { 2 }
        #expect(replacement.id.index == oldIndex)
        #expect(replacement.value == 2)
        #expect(!old.isAlive && old.id.index == -1)
        #expect(!weakOld.isAlive && weakOld.value == nil)
        #expect(graph.statistics(of: old) == nil)
        #expect(graph.statistics(of: replacement)?.evaluations == 1, "counters start at zero in a reused slot")
        #expect(replacement.name == "new")
    }

    /// A subgraph made while another is current is its child and is destroyed with it.
    @Test func childSubgraphIsDestroyedWithParent() {
        let graph = Graph()
        let parent = graph.makeSubgraph(name: "parent")
        let child = parent.withCurrent { () -> Subgraph in
            _ = graph.input(1, name: "p")
            let child = graph.makeSubgraph(name: "child")
            child.withCurrent {
                _ = graph.input(2, name: "c1")
                _ = graph.input(3, name: "c2")
            }
            return child
        }
        let sibling = graph.makeSubgraph(name: "sibling")
        sibling.withCurrent { _ = graph.input(4, name: "s") }
        #expect(graph.nodeCount == 4)
        #expect(child.nodeCount == 2)

        parent.destroy()
        #expect(graph.nodeCount == 1)
        #expect(child.nodeCount == 0)
        #expect(parent.isDestroyed)
        #expect(!sibling.isDestroyed && sibling.nodeCount == 1)
        #expect(child.isDestroyed, "the child was destroyed with its parent")
    }

    /// A subgraph destroyed by a `deinit` that tearing down its parent runs (a node of one child
    /// holds an object that destroys the other child) goes once: its index is freed once, so
    /// subgraphs made afterwards do not share one, and an effect cancelled in each leaves it.
    @Test func subgraphDestroyedFromItsParentsTeardownGoesOnce() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        let parent = graph.makeSubgraph(name: "parent")
        let (first, second) = parent.withCurrent { (graph.makeSubgraph(name: "first"), graph.makeSubgraph(name: "second")) }
        _ = second.withCurrent { graph.rule(name: "in second") { a.value } }
        // The teardown goes deepest first; siblings that never lost one go in the order they were
        // made: `first` goes first, and the release of its rule's body destroys `second`, not yet
        // torn down.
        _ = first.withCurrent { graph.rule(name: "holder") { [owner = RunsOnDeinit(second.destroy)] in _ = owner; return a.value } }.value
        parent.destroy()
        #expect(parent.isDestroyed && first.isDestroyed && second.isDestroyed)
        #expect(graph.nodeCount == 1)
        // As many subgraphs as were freed, each with an effect that leaves it when cancelled.
        let fresh = (0 ..< 4).map { graph.makeSubgraph(name: "fresh \($0)") }
        let effects = fresh.map { subgraph in subgraph.withCurrent { graph.effect(name: "in \(subgraph.name)") { _ = a.value } } }
        for effect in effects { effect.cancel() }
        #expect(fresh.map(\.nodeCount) == [0, 0, 0, 0])
        for subgraph in fresh { subgraph.destroy() }
        #expect(graph.nodeCount == 1)
        #expect(graph.diagnostics.isEmpty)
    }

    /// A parent and then its child destroyed in one evaluation: both teardowns wait, and the
    /// child goes with its parent's, so its own finds nothing left to do (it would free the
    /// child's index a second time, and subgraphs made afterwards would share it).
    @Test func childDestroyedAfterItsParentInOneEvaluationGoesOnce() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        let parent = graph.makeSubgraph(name: "parent")
        let child = parent.withCurrent { graph.makeSubgraph(name: "child") }
        _ = child.withCurrent { graph.rule(name: "in child") { a.value } }.value
        let destroyer = graph.rule(name: "destroyer") { () -> Int in
            parent.destroy()
            child.destroy()
            return a.value
        }
        #expect(destroyer.value == 0)
        #expect(parent.isDestroyed && child.isDestroyed)
        #expect(graph.nodeCount == 2)
        let fresh = (0 ..< 3).map { graph.makeSubgraph(name: "fresh \($0)") }
        let effects = fresh.map { subgraph in subgraph.withCurrent { graph.effect(name: "in \(subgraph.name)") { _ = a.value } } }
        for effect in effects { effect.cancel() }
        #expect(fresh.map(\.nodeCount) == [0, 0, 0])
        #expect(graph.diagnostics.isEmpty)
    }

    /// A `deinit` that a teardown's release runs may read a rule that never ran (an update in the
    /// middle of the teardown): the rule runs, and the teardown finishes. With the engine's
    /// internal checks compiled in, the graph is checked when the teardown ends, not when that
    /// update does (the half-removed subgraph would fail the check).
    @Test func ruleReadFromADeinitDuringATeardown() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let outside = graph.rule(name: "outside") { a.value + 1 }
        var readOnDeinit: [Int] = []
        let row = graph.makeSubgraph(name: "row")
        let inRow = row.withCurrent {
            graph.rule(name: "in row") { [reader = RunsOnDeinit { readOnDeinit.append(outside.value) }] in _ = reader; return a.value }
        }
        #expect(inRow.value == 1)
        row.destroy()
        #expect(readOnDeinit == [2])
        #expect(graph.nodeCount == 2)
        #expect(graph.diagnostics.isEmpty)
    }

    /// Destroying a subgraph from inside an evaluation waits until the evaluation finishes.
    @Test func destroyDuringEvaluationIsDeferred() {
        let graph = Graph()
        let row = graph.makeSubgraph(name: "row")
        let cell = row.withCurrent { graph.input(5, name: "cell") }
        var countInside = -1
        let destroyer = graph.rule(name: "destroyer") { () -> Int in
            let value = cell.value
            row.destroy()
            countInside = graph.nodeCount
            return value * 2
        }
        #expect(destroyer.value == 10)
        #expect(countInside == 2, "still there during the evaluation")
        #expect(row.isDestroyed)
        #expect(graph.nodeCount == 1)
        #expect(!cell.isAlive)
    }

    /// Effects inside a destroyed subgraph never run again.
    @Test func effectsInDestroyedSubgraphStop() {
        let graph = Graph()
        let a = graph.input(0, name: "a")
        let row = graph.makeSubgraph(name: "row")
        var runs = 0
        let effect = row.withCurrent { graph.effect(name: "e") { _ = a.value; runs += 1 } }
        a.value = 1
        row.destroy()
        graph.flush()
        a.value = 2
        graph.flush()
        #expect(runs == 1)
        #expect(!effect.isActive)
        #expect(graph.nodeCount == 1)
    }

    // MARK: Value state

    /// dirty, pending and valueExists follow the algorithm: a direct reader of a changed input is
    /// dirty and pending, a reader further down is dirty but not yet pending.
    @Test func dirtyPendingAndValueExistsBits() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value + 1 }
        let c = graph.rule(name: "c") { b.value + 1 }
        #expect(a.state == [.valueExists])
        #expect(b.state == [], "never ran: no value yet")
        #expect(c.value == 3)
        #expect(b.state == [.valueExists] && c.state == [.valueExists])

        a.value = 2
        #expect(b.state == [.dirty, .pending, .valueExists])
        #expect(c.state == [.dirty, .valueExists], "b has not changed yet, so c's edge is not pending")
        #expect(b.value == 3)
        #expect(b.state == [.valueExists])
        #expect(c.state == [.dirty, .pending, .valueExists], "now b changed since c last ran")
        #expect(c.value == 4)
        #expect(c.state == [.valueExists])

        graph.batch {
            a.value = 9
            #expect(a.state == [.pending, .valueExists], "a staged write is pending")
        }
        #expect(a.state == [.valueExists])
        #expect("\(b.state)" == "[dirty, pending, valueExists]")
    }

    /// `updating` is visible from inside closures: on the running rule and on the rules waiting
    /// for it, both during a first run and during a walk.
    @Test func updatingBitObservedFromInsideClosures() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        var holderInner: Rule<Int>?
        var holderOuter: Rule<Int>?
        var seen: [(inner: ValueState, outer: ValueState, isUpdating: Bool)] = []
        let inner = graph.rule(name: "inner") { () -> Int in
            seen.append((holderInner!.state, holderOuter!.state, graph.isUpdating))
            return a.value
        }
        let outer = graph.rule(name: "outer") { inner.value + 1 }
        holderInner = inner
        holderOuter = outer
        #expect(!graph.isUpdating)
        #expect(outer.value == 2)
        a.value = 2
        #expect(outer.value == 3)
        #expect(seen.count == 2)
        for entry in seen {
            #expect(entry.inner.contains(.updating))
            #expect(entry.outer.contains(.updating))
            #expect(entry.isUpdating)
        }
        #expect(!seen[0].inner.contains(.valueExists) && seen[1].inner.contains(.valueExists))
        #expect(!inner.state.contains(.updating) && !outer.state.contains(.updating))
        #expect(graph.recordedInputs(of: inner) == [a.id.index], "reading state records no edge")
    }

    /// requiresMainThread is set at creation; marks propagate mainThread to every node below a
    /// dirty requires-main-thread rule (also to nodes that were already dirty), which then do not
    /// allow async update; evaluation clears it.
    @Test func mainThreadFlagPropagatesByMarks() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let other = graph.input(1, name: "other")
        let main = graph.rule(name: "main", requiresMainThread: true) { a.value + 1 }
        let below = graph.rule(name: "below") { main.value + other.value }
        let bottom = graph.rule(name: "bottom") { below.value * 10 }
        let side = graph.rule(name: "side") { a.value * 2 }
        var effectRuns = 0
        let effect = graph.effect(name: "e", requiresMainThread: true) { _ = side.value; effectRuns += 1 }
        #expect(bottom.value == 30 && side.value == 2)
        #expect(main.state == [.valueExists, .requiresMainThread])
        #expect(effect.state.contains(.requiresMainThread))
        #expect(!below.state.contains(.requiresMainThread))
        for node: any GraphNode in [a, other, main, below, bottom, side] { #expect(node.allowsAsyncUpdate) }

        other.value = 2  // below and bottom are dirty, not below a dirty main-thread rule
        #expect(below.state.contains(.dirty) && !below.state.contains(.mainThread))
        #expect(below.allowsAsyncUpdate && bottom.allowsAsyncUpdate)

        a.value = 2  // main is dirty: already-dirty below and bottom now carry mainThread
        #expect(main.state.isSuperset(of: [.dirty, .mainThread, .requiresMainThread]))
        #expect(below.state.isSuperset(of: [.dirty, .mainThread]))
        #expect(bottom.state.isSuperset(of: [.dirty, .mainThread]))
        #expect(side.state.contains(.dirty) && !side.state.contains(.mainThread))
        #expect(!main.allowsAsyncUpdate && !below.allowsAsyncUpdate && !bottom.allowsAsyncUpdate)
        #expect(side.allowsAsyncUpdate)
        // The effect requires the main thread itself, so its mark carries the flag.
        #expect(effect.state.isSuperset(of: [.dirty, .mainThread]))

        #expect(bottom.value == 50)
        for node: any GraphNode in [main, below, bottom] {
            #expect(!node.state.contains(.mainThread) && !node.state.contains(.dirty))
            #expect(node.allowsAsyncUpdate)
        }
        graph.flush()
        #expect(effectRuns == 2)
        #expect(!effect.state.contains(.mainThread))
        effect.cancel()
    }

    // MARK: Counters

    /// Graph-wide and per-node counters count evaluations, marks, cutoffs, edges added and removed,
    /// and input changes exactly.
    @Test func graphAndNodeCountersAreExact() {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let b = graph.input(2, name: "b")
        let sum = graph.rule(name: "sum") { a.value + b.value }
        let sign = graph.rule(name: "sign") { sum.value > 0 }
        let pick = graph.rule(name: "pick") { sign.value ? sum.value : b.value }
        #expect(pick.value == 3)
        var expected = GraphStatistics()
        expected.evaluations = 3
        expected.edgesAdded = 5
        #expect(graph.statistics == expected)

        a.value = 5
        #expect(pick.value == 7)  // sum changes, sign is cut off, pick re-runs
        expected.evaluations = 6
        expected.marks = 3
        expected.cutoffs = 1
        expected.inputChanges = 1
        #expect(graph.statistics == expected)

        a.value = -10
        #expect(pick.value == 2)  // pick now reads sign and b: loses sum, gains b
        expected.evaluations = 9
        expected.marks = 6
        expected.inputChanges = 2
        expected.edgesAdded = 6
        expected.edgesRemoved = 1
        #expect(graph.statistics == expected)

        func node(_ evaluations: Int, _ marks: Int, _ cutoffs: Int, _ added: Int, _ removed: Int) -> NodeStatistics {
            var statistics = NodeStatistics()
            statistics.evaluations = evaluations
            statistics.marks = marks
            statistics.cutoffs = cutoffs
            statistics.edgesAdded = added
            statistics.edgesRemoved = removed
            return statistics
        }
        #expect(graph.statistics(of: sum) == node(3, 2, 0, 2, 0))
        #expect(graph.statistics(of: sign) == node(3, 2, 1, 1, 0))
        #expect(graph.statistics(of: pick) == node(3, 2, 0, 3, 1))
        #expect(graph.statistics(of: a) == NodeStatistics())

        var runs = 0
        let effect = graph.effect(name: "e") { _ = pick.value; runs += 1 }
        b.value = 4
        graph.flush()
        #expect(runs == 2)
        let effectStatistics = graph.statistics(of: effect)
        #expect(effectStatistics?.evaluations == 2)
        #expect(effectStatistics?.marks == 1)
        #expect(effectStatistics?.edgesAdded == 1)
        #expect(effectStatistics?.edgesRemoved == 0)

        graph.resetStatistics()
        #expect(graph.statistics == GraphStatistics())
        #expect(graph.statistics(of: pick) == NodeStatistics())
        effect.cancel()
    }

    /// Per-node counters are nil when off, for foreign nodes and for destroyed nodes; turning them
    /// on starts every node at zero.
    @Test func nodeCountersAvailability() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value + 1 }
        #expect(b.value == 2)
        #expect(graph.statistics(of: b) == nil)
        #expect(!graph.recordsNodeStatistics)

        graph.recordsNodeStatistics = true
        #expect(graph.statistics(of: b) == NodeStatistics())
        a.value = 2
        #expect(b.value == 3)
        #expect(graph.statistics(of: b)?.evaluations == 1)
        #expect(graph.statistics(of: b)?.marks == 1)

        let foreign = Graph(recordsNodeStatistics: true)
        let stranger = foreign.input(0, name: "stranger")
        #expect(graph.statistics(of: stranger) == nil)
        #expect(foreign.statistics(of: stranger) == NodeStatistics())

        let row = graph.makeSubgraph(name: "row")
        let doomed = row.withCurrent { graph.input(0, name: "doomed") }
        #expect(graph.statistics(of: doomed) != nil)
        row.destroy()
        #expect(graph.statistics(of: doomed) == nil)

        graph.recordsNodeStatistics = false
        #expect(graph.statistics(of: b) == nil)
        #expect(graph.statistics.evaluations == 2, "graph-wide counters are always kept")
        a.value = 3
        #expect(b.value == 4, "marks and runs go on uncounted")

        graph.recordsNodeStatistics = true
        a.value = 4
        #expect(b.value == 5)
        #expect(graph.statistics(of: b)?.evaluations == 1)
        #expect(graph.statistics(of: b)?.marks == 1)
    }

    // MARK: Dumps

    /// DOT output draws dirty nodes and pending edges red, and nothing red once up to date.
    @Test func dotDrawsDirtyNodesAndPendingEdgesRed() {
        let graph = Graph()
        let a = graph.input(1, name: "a")
        let b = graph.rule(name: "b") { a.value + 1 }
        let c = graph.rule(name: "c") { b.value * 2 }
        let row = graph.makeSubgraph(name: "row")
        let effect = row.withCurrent { graph.effect(name: "watch") { _ = c.value } }
        let (ia, ib, ic, ie) = (a.id.index, b.id.index, c.id.index, effect.id.index)
        func line(_ id: Int32, in dot: String) -> String {
            dot.split(separator: "\n").first { $0.hasPrefix("  n\(id) [") }.map(String.init) ?? ""
        }

        var dot = graph.dot()
        #expect(dot.hasPrefix("digraph Constraints {"))
        #expect(dot.hasSuffix("}\n"))
        #expect(!dot.contains("color=red"))
        #expect(line(ia, in: dot).contains("shape=ellipse"))
        #expect(line(ia, in: dot).contains(#"label="a""#))
        #expect(line(ia, in: graph.dot(includeValues: true)).contains(#"label="a\n= 1""#))
        #expect(line(ie, in: dot).contains("shape=hexagon"))
        #expect(dot.contains(#"label="row"; n\#(ie);"#))
        #expect(dot.contains("  n\(ia) -> n\(ib);"))
        #expect(dot.contains("  n\(ib) -> n\(ic);"))
        #expect(dot.contains("  n\(ic) -> n\(ie);"))

        a.value = 2
        dot = graph.dot()
        #expect(!line(ia, in: dot).contains("color=red"))
        #expect(line(ib, in: dot).contains("color=red"))
        #expect(line(ic, in: dot).contains("color=red"))
        #expect(line(ie, in: dot).contains("color=red"))
        #expect(dot.contains("  n\(ia) -> n\(ib) [color=red];"), "a changed since b ran")
        #expect(dot.contains("  n\(ib) -> n\(ic);"), "b has not changed yet")

        #expect(b.value == 3)
        dot = graph.dot()
        #expect(!line(ib, in: dot).contains("color=red"))
        #expect(line(ic, in: dot).contains("color=red"))
        #expect(dot.contains("  n\(ib) -> n\(ic) [color=red];"))

        graph.flush()
        dot = graph.dot()
        #expect(!dot.contains("color=red"))
        effect.cancel()
    }

    /// JSON output decodes back into the same `GraphSnapshot`, with names, kinds, values, state,
    /// subgraphs, edges and counters.
    @Test func jsonDecodesIntoGraphSnapshot() throws {
        let graph = Graph(recordsNodeStatistics: true)
        let a = graph.input(1, name: "a")
        let label = graph.input("x", name: "label")
        let row = graph.makeSubgraph(name: "row")
        let b = row.withCurrent { graph.rule(name: "b") { "\(label.value)\(a.value)" } }
        #expect(b.value == "x1")
        a.value = 2

        let json = graph.json()
        let decoded = try JSONDecoder().decode(GraphSnapshot.self, from: Data(json.utf8))
        #expect(decoded == graph.snapshot())
        #expect(decoded.nodes.map(\.name) == ["a", "label", "b"])
        #expect(decoded.nodes.map(\.kind) == ["input", "input", "rule"])
        let node = try #require(decoded.nodes.first { $0.name == "b" })
        #expect(node.value == "x1")
        #expect(node.valueType == "String")
        #expect(node.subgraph == "row")
        #expect(node.state == ["dirty", "pending", "valueExists"])
        #expect(node.inputs.map(\.from) == [label.id.index, a.id.index])
        #expect(node.inputs.map(\.pending) == [false, true])
        #expect(node.statistics?.evaluations == 1)
        #expect(decoded.statistics == graph.statistics)
        #expect(decoded.statistics.inputChanges == 1)
        #expect(json.contains("\"name\" : \"label\""), "pretty-printed with sorted keys")
    }
}
