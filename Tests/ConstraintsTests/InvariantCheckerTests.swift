@testable import Constraints
import Testing

extension Invariant: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

/// Expects the checker to find `invariant` broken in `graph` (as `broken` says), then `repair` to
/// leave nothing for it to find.
private func expectCheckerFinds(_ invariant: Invariant, in graph: Graph, _ broken: String, repair: () -> Void) {
    let found = graph.invariantViolations()
    repair()
    #expect(found.contains { $0.invariant == invariant }, "\(broken): found only \(found)")
    #expect(graph.invariantViolations().isEmpty, "\(broken), repaired: \(graph.invariantViolations())")
}

/// The invariant checker (`Graph+Invariants.swift`): it finds nothing in graphs the engine left,
/// finds each invariant broken on purpose, samples large graphs without missing any node, and lets
/// a dependency cycle's stale edge through only while it lasts. The checker runs by hand in every
/// build; builds with `-DCONSTRAINTS_INTERNAL_CHECKS` also run it after every mark and update.
@Suite struct InvariantCheckerTests {
    /// A graph with a bit of everything the checker looks at: inputs, rules (one that requires the
    /// main thread), an effect, a subgraph, a rule that never ran, a slot freed by a cancelled
    /// effect, and per-node statistics.
    final class Fixture {
        let graph = quietGraph(recordsNodeStatistics: true)
        let x, y: Input<Int>
        let a, m, b, never: Rule<Int>
        let effect: Effect
        let subgraph: Subgraph
        let freeSlot: Int32

        init() {
            let graph = self.graph
            let x = graph.input(1, name: "x"), y = graph.input(2, name: "y")
            (self.x, self.y) = (x, y)
            subgraph = graph.makeSubgraph(name: "row")
            let (a, m) = subgraph.withCurrent {
                (graph.rule(name: "a") { x.value + y.value }, graph.rule(name: "m", requiresMainThread: true) { x.value * 2 })
            }
            (self.a, self.m) = (a, m)
            let b = graph.rule(name: "b") { a.value + m.value }
            self.b = b
            never = graph.rule(name: "never") { 0 }
            let cancelled = graph.effect(name: "cancelled") {}
            effect = graph.effect(name: "effect") { _ = b.value }
            freeSlot = cancelled.id.index
            cancelled.cancel()
        }

        func id(_ node: some GraphNode) -> Int32 { node.id.index }
        var table: NodeTable { graph.table }
    }

    /// Breaks `invariant` in `fixture`'s graph; returns what repairs it.
    static func breakInvariant(_ invariant: Invariant, in fixture: Fixture) -> () -> Void {
        let graph = fixture.graph
        let table = fixture.table
        let (x, y, a, m, b) = (fixture.id(fixture.x), fixture.id(fixture.y), fixture.id(fixture.a), fixture.id(fixture.m), fixture.id(fixture.b))
        let effect = fixture.id(fixture.effect), never = fixture.id(fixture.never)
        /// Sets a field of a record and returns what sets it back.
        func change<Field>(_ id: Int32, _ field: WritableKeyPath<NodeRecord, Field>, to value: Field) -> () -> Void {
            let old = table[id][keyPath: field]
            table[id][keyPath: field] = value
            return { table[id][keyPath: field] = old }
        }
        func insert(_ flags: NodeFlags, _ ids: Int32...) -> () -> Void {
            let old = ids.map { table[$0].flags }
            for id in ids { table[id].flags.insert(flags) }
            return { for (id, flags) in zip(ids, old) { table[id].flags = flags } }
        }
        switch invariant {
        case .updateFinished:
            graph.walkStack.append(WalkFrame(node: a, nextInput: 0))
            return { _ = graph.walkStack.removeLast() }
        case .freeSlots:
            return change(fixture.freeSlot, \.nameIndex, to: 0)
        case .effectQueueEntries:
            // The effect, live and not queued, with its own creation number.
            graph.effectQueue.append(QueuedEffect(node: effect, sequence: fixture.effect.sequence))
            return { _ = graph.effectQueue.removeLast() }
        case .queuedEffectInQueue:
            return insert(.queued, effect)
        case .stagedInputEntries:
            graph.stagedInputs.append(a)
            return { graph.stagedInputs.truncate(to: 0) }
        case .stagedInputInList:
            let repairFlags = insert(.pendingWrite, x)
            fixture.x.store.stagedValues()[Int(fixture.x.slot)] = 5
            return { repairFlags(); fixture.x.store.stagedValues()[Int(fixture.x.slot)] = nil }
        case .subgraphMembers:
            fixture.subgraph.nodes.append(b)
            return { fixture.subgraph.nodes.removeLast() }
        case .edgeCounters:
            graph.counters.edgesAdded += 1
            return { graph.counters.edgesAdded -= 1 }
        case .nodeEdgeCounters:
            graph.nodeCounters[Int(b)].edgesRemoved += 1
            return { graph.nodeCounters[Int(b)].edgesRemoved -= 1 }
        case .flagsOfKind:
            return insert(.forceRun, x)
        case .notVisiting:
            return insert(.visiting, a)
        case .box:
            // Rule `a` holds the store of inputs of its value type.
            return change(a, \.box, to: table[x].box)
        case .effectSlot:
            // The slot of the effect table that the cancelled effect freed, which names no node.
            return change(effect, \.slot, to: graph.effects.freeSlots[0])
        case .inputSlot:
            // `x` names `y`'s slot, which names `y`.
            return change(x, \.slot, to: fixture.y.slot)
        case .ruleSlot:
            // `a` names `m`'s slot, which names `m`.
            return change(a, \.slot, to: table[m].slot)
        case .inputPages:
            // The entry of a slot of x's store, never handed out, names another graph's core.
            let other = Graph()
            let header = fixture.x.store.header(of: fixture.x.store.endIndex)
            header.pointee.core = other.core
            return { withExtendedLifetime(other) { header.pointee.core = graph.core } }
        case .valueInBox:
            // `a` ran, but its entry says it holds no value.
            AnyRuleStore.header(fixture.a.entry).pointee.holdsValue = false
            return { AnyRuleStore.header(fixture.a.entry).pointee.holdsValue = true }
        case .stagedValueInBox:
            fixture.y.store.stagedValues()[Int(fixture.y.slot)] = 7
            return { fixture.y.store.stagedValues()[Int(fixture.y.slot)] = nil }
        case .clocks:
            return change(x, \.ranAt, to: 1)
        case .neverRan:
            return change(never, \.flags, to: [])
        case .readStamp:
            return change(a, \.readStamp, to: graph.lastStamp + 1)
        case .nameIndex:
            return change(a, \.nameIndex, to: 1_000)
        case .subgraphOfNode:
            return change(b, \.subgraph, to: 99)
        case .edgeListEncoding:
            // The inline edge from `x` with the record offset of another node.
            var inputs = table[m].inputs
            inputs.raw ^= 1 << 40
            return change(m, \.inputs, to: inputs)
        case .edgesOfKind:
            return change(effect, \.outputs, to: EdgeList(raw: EdgeList.word(single: b)))
        case .inputEdgesMirrored:
            // `m` reads `x`; the edge's mirror now points past `m` in `x`'s readers.
            var inputs = table[m].inputs
            inputs.setMirror(at: 0, to: inputs.mirror(at: 0) + 1)
            return change(m, \.inputs, to: inputs)
        case .outputEdgesMirrored:
            return change(y, \.outputs, to: EdgeList(raw: EdgeList.word(single: b)))
        case .dirtyReaders:
            return insert(.dirty, a)
        case .mainThreadOnlyWhenDirty:
            return insert(.mainThread, b)
        case .dirtyEffectQueued:
            return insert(.dirty, effect)
        case .mainThreadPropagated:
            // Out of date all the way down, but without the flag that `m` requires.
            return insert(.dirty, m, b, effect)
        case .cleanHasNoPendingInput:
            let clock = graph.clock
            graph.clock += 1
            let repair = change(y, \.changedAt, to: graph.clock)
            return { repair(); graph.clock = clock }
        }
    }

    /// Each invariant broken on purpose is found, named at the node where it was broken (or as
    /// graph-wide), and the checker finds nothing once it is repaired.
    @Test(arguments: Invariant.allCases)
    func theCheckerFindsEachBrokenInvariant(_ invariant: Invariant) {
        let fixture = Fixture()
        _ = fixture.b.value
        fixture.graph.flush()
        #expect(fixture.graph.invariantViolations().isEmpty, "\(fixture.graph.invariantViolations())")

        let repair = Self.breakInvariant(invariant, in: fixture)
        let found = fixture.graph.invariantViolations()
        repair()
        #expect(found.contains { $0.invariant == invariant }, "found only \(found)")
        #expect(fixture.graph.invariantViolations().isEmpty, "after the repair: \(fixture.graph.invariantViolations())")
    }

    /// The effect table's numbers are checked, apart from the record's slot (broken above): an
    /// effect numbered as one of an earlier graph with the same anchor, or as one not made yet,
    /// two effects with one number, and an anchor that names another graph.
    @Test func theCheckerFindsEffectsNumberedAsAnotherGraphsOrTwice() {
        let graph = quietGraph()
        let first = graph.effect(name: "first") {}, second = graph.effect(name: "second") {}
        let slot = graph.table[first.nodeID].slot, sequence = graph.effects[slot].sequence
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        let earliest = graph.anchor.firstSequence.load(ordering: .relaxed)
        for (number, broken) in [(earliest - 1, "a number of an earlier graph"), (graph.nextEffectSequence, "a number not handed out"),
                                 (second.sequence, "the second effect's number")] {
            graph.effects[slot].sequence = number
            expectCheckerFinds(.effectSlot, in: graph, "the first effect has \(broken)") { graph.effects[slot].sequence = sequence }
        }
        let other = quietGraph()
        withExtendedLifetime(other) {
            graph.anchor.attach(other)
            expectCheckerFinds(.effectSlot, in: graph, "the anchor names another graph") { graph.anchor.attach(graph) }
        }
    }

    /// The places that effects cancelled on their own leave in their subgraph's member list are
    /// checked: an effect's record of its position, the count of vacancies, a vacancy left last,
    /// and a position given to an effect of the root.
    @Test func theCheckerFindsMisplacedSubgraphMembers() {
        let graph = quietGraph()
        let row = graph.makeSubgraph(name: "row")
        let (first, second, third) = row.withCurrent { (graph.effect(name: "first") {}, graph.effect(name: "second") {}, graph.effect(name: "third") {}) }
        let root = graph.effect(name: "root") {}
        first.cancel()
        #expect(row.nodes == [Subgraph.vacant, second.nodeID, third.nodeID] && row.vacancies == 1 && row.nodeCount == 2)
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        let secondSlot = graph.table[second.nodeID].slot, rootSlot = graph.table[root.nodeID].slot
        graph.effects[secondSlot].memberPosition = 2
        expectCheckerFinds(.subgraphMembers, in: graph, "the second effect has the third's position") { graph.effects[secondSlot].memberPosition = 1 }
        row.vacancies = 0
        expectCheckerFinds(.subgraphMembers, in: graph, "the subgraph counts no vacancy") { row.vacancies = 1 }
        row.nodes.append(Subgraph.vacant)
        row.vacancies += 1
        expectCheckerFinds(.subgraphMembers, in: graph, "a vacancy is last") { row.nodes.removeLast(); row.vacancies -= 1 }
        graph.effects[rootSlot].memberPosition = 0
        expectCheckerFinds(.effectSlot, in: graph, "an effect of the root has a position") { graph.effects[rootSlot].memberPosition = -1 }
    }

    /// The entries that effects cancelled while queued leave in the flush's queue are allowed
    /// while the graph notes them; the checker finds one it does not note, an entry with a number
    /// the graph never gave, and a live effect listed twice.
    @Test func theCheckerFindsQueueEntriesTheFlushWouldMisread() {
        let graph = quietGraph()
        let a = graph.input(0, name: "a")
        let kept = graph.effect(name: "kept") { _ = a.value }, gone = graph.effect(name: "gone") { _ = a.value }
        a.value = 1
        gone.cancel()
        #expect(graph.queueHoldsCancelledEffects && graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        graph.queueHoldsCancelledEffects = false
        expectCheckerFinds(.effectQueueEntries, in: graph, "a cancelled effect's entry, not noted") { graph.queueHoldsCancelledEffects = true }
        graph.effectQueue.append(QueuedEffect(node: kept.nodeID, sequence: graph.nextEffectSequence))
        expectCheckerFinds(.effectQueueEntries, in: graph, "a number not handed out") { _ = graph.effectQueue.removeLast() }
        graph.effectQueue.append(QueuedEffect(node: kept.nodeID, sequence: kept.sequence))
        expectCheckerFinds(.effectQueueEntries, in: graph, "the kept effect listed twice") { _ = graph.effectQueue.removeLast() }
        graph.flush()
        #expect(!graph.queueHoldsCancelledEffects && !graph.hasPendingEffects)
    }

    /// An input destroyed with a staged write leaves its entry in the staging list: the checker
    /// allows it while the graph counts it, finds it when the count is off either way, and the
    /// commit drops it.
    @Test func theCheckerFindsEntriesOfDestroyedInputsTheCommitWouldMisread() {
        let graph = quietGraph()
        let kept = graph.input(0, name: "kept")
        let row = graph.makeSubgraph(name: "row")
        let gone = row.withCurrent { graph.input(0, name: "gone") }
        graph.batch {
            gone.value = 1
            kept.value = 2
            row.destroy()
            #expect(graph.stagedEntriesOfDestroyedInputs == 1 && graph.stagedInputs.count == 2)
            #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
            graph.stagedEntriesOfDestroyedInputs = 0
            expectCheckerFinds(.stagedInputEntries, in: graph, "a destroyed input's entry, not counted") { graph.stagedEntriesOfDestroyedInputs = 1 }
            graph.stagedInputs.append(kept.nodeID)
            expectCheckerFinds(.stagedInputEntries, in: graph, "a live input listed twice") { _ = graph.stagedInputs.removeLast() }
        }
        #expect(graph.stagedEntriesOfDestroyedInputs == 0 && graph.stagedInputs.isEmpty && kept.value == 2)
    }

    /// Both sides of an input's slot are checked, apart from the record's (broken above): the
    /// store's slot naming another node, a free slot listed twice, a live slot on the free list,
    /// an input whose slot names no node, so holds no value, a slot never handed out that names
    /// a node, staged values that miss a slot, an input staged without a staged value, and an
    /// input whose box is not its store.
    @Test func theCheckerFindsBrokenInputStores() {
        let graph = quietGraph()
        let x = graph.input(1, name: "x"), y = graph.input(2, name: "y")
        let rule = graph.rule(name: "r") { x.value }
        let row = graph.makeSubgraph(name: "row")
        _ = row.withCurrent { graph.input(3, name: "gone") }
        row.destroy()
        let store = x.store, xSlot = x.slot
        let word = store.header(of: xSlot).pointee.word
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        func expectFound(_ invariant: Invariant, _ broken: String, repair: () -> Void) {
            expectCheckerFinds(invariant, in: graph, broken, repair: repair)
        }
        store.header(of: xSlot).pointee.word = AnyInputStore.word(store.header(of: xSlot).pointee.word, naming: y.nodeID)
        expectFound(.inputSlot, "the store's slot of x names y") { store.header(of: xSlot).pointee.word = word }
        store.freeSlots.append(store.freeSlots[0])
        expectFound(.inputSlot, "a free slot listed twice") { store.freeSlots.removeLast() }
        store.freeSlots.append(xSlot)
        expectFound(.inputSlot, "x's slot on the free list") { store.freeSlots.removeLast() }
        store.header(of: xSlot).pointee.word = AnyInputStore.word(store.header(of: xSlot).pointee.word, naming: -1)
        expectFound(.valueInBox, "x's slot names no node") { store.header(of: xSlot).pointee.word = word }
        graph.table[x.nodeID].flags.insert(.pendingWrite)
        graph.stagedInputs.append(x.nodeID)
        expectFound(.stagedValueInBox, "x staged without a staged value") {
            graph.table[x.nodeID].flags.remove(.pendingWrite)
            graph.stagedInputs.truncate(to: 0)
        }
        let free = store.header(of: store.endIndex)
        free.pointee.word = AnyInputStore.word(sequence: 0, node: x.nodeID)
        expectFound(.inputPages, "a slot never handed out names x") { free.pointee.word = AnyInputStore.word(sequence: 0, node: -1) }
        _ = store.stagedValues()
        store.stagedCapacity -= 1
        expectFound(.inputPages, "the staged values miss a slot") { store.stagedCapacity += 1 }
        let storage = graph.table[x.nodeID].box
        graph.table[x.nodeID].box = graph.table[rule.id.index].box
        expectFound(.box, "x's box is a rule's") { graph.table[x.nodeID].box = storage }
    }

    /// Both sides of a rule's slot are checked, apart from the record's (broken above): the
    /// store's entry naming another node, a free slot listed twice, a live slot on the free list,
    /// a rule whose entry names no node or holds another graph's core, a store used recently that
    /// is not the graph's, and a rule whose box is not its store.
    @Test func theCheckerFindsBrokenRuleStores() {
        let graph = quietGraph()
        let x = graph.input(1, name: "x")
        let r = graph.rule(name: "r") { x.value }, s = graph.rule(name: "s") { x.value + 1 }
        let row = graph.makeSubgraph(name: "row")
        _ = row.withCurrent { graph.rule(name: "gone") { 3 } }
        row.destroy()
        _ = r.value
        let store = graph.ruleStores[RuleStoreKey(closuresOf: Int.self)]!
        let header = AnyRuleStore.header(r.entry)
        let word = header.pointee.word
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
        func expectFound(_ invariant: Invariant, _ broken: String, repair: () -> Void) {
            expectCheckerFinds(invariant, in: graph, broken, repair: repair)
        }
        header.pointee.word = AnyRuleStore.word(sequence: UInt32(word >> 32), node: s.nodeID)
        expectFound(.ruleSlot, "the store's entry of r names s") { header.pointee.word = word }
        store.freeSlots.append(store.freeSlots[0])
        expectFound(.ruleSlot, "a free slot listed twice") { store.freeSlots.removeLast() }
        store.freeSlots.append(graph.table[r.nodeID].slot)
        expectFound(.ruleSlot, "r's slot on the free list") { store.freeSlots.removeLast() }
        let freeHeader = AnyRuleStore.header(store.entry(at: store.freeSlots[0]))
        freeHeader.pointee.holdsValue = true
        expectFound(.ruleSlot, "a free entry says it holds a value") { freeHeader.pointee.holdsValue = false }
        header.pointee.word = AnyRuleStore.word(sequence: UInt32(word >> 32), node: -1)
        expectFound(.ruleSlot, "r's entry names no node") { header.pointee.word = word }
        let otherGraph = Graph()
        header.pointee.core = otherGraph.core
        expectFound(.ruleSlot, "r's entry holds another graph's core") { header.pointee.core = graph.core }
        let other = graph.rule(name: "text") { "\(x.value)" }
        let last = graph.lastRuleStore
        let stray = RuleStore<Int>(graph: graph, update: RuleStore<Int>.equatableUpdate())
        graph.lastRuleStore = .passUnretained(stray)
        expectFound(.ruleSlot, "the store used last is not the graph's") { graph.lastRuleStore = last }
        withExtendedLifetime((stray, other, otherGraph)) {}
        let storage = graph.table[r.nodeID].box
        graph.table[r.nodeID].box = graph.table[x.nodeID].box
        expectFound(.box, "r's box is an input's store") { graph.table[r.nodeID].box = storage }
    }

    /// The engine's own states pass: after marks, reads, a batch with staged writes still open, a
    /// flush, a main-thread mark, a teardown and `invalidateAll`.
    @Test func theGraphsTheEngineLeavesPass() {
        let fixture = Fixture()
        let graph = fixture.graph
        func expectClean(_ step: String) {
            let found = graph.invariantViolations()
            #expect(found.isEmpty, "\(step): \(found)")
        }
        expectClean("made")
        _ = fixture.b.value
        expectClean("read")
        fixture.x.value = 5
        expectClean("marked through the main-thread rule")
        #expect(!fixture.b.allowsAsyncUpdate)
        graph.batch {
            fixture.y.value = 9
            expectClean("a write staged in a batch")
        }
        expectClean("the batch committed")
        graph.flush()
        expectClean("flushed")
        fixture.subgraph.destroy()
        expectClean("the subgraph torn down")
        graph.invalidateAll()
        expectClean("invalidateAll")
    }

    /// `invalidateAll` leaves the rules that require the main thread, and everything below them,
    /// flagged, as a mark would: a scheduler must not bring them up to date off the main thread.
    @Test func invalidateAllCarriesTheMainThreadFlag() {
        let graph = quietGraph()
        let x = graph.input(1)
        let main = graph.rule(requiresMainThread: true) { x.value + 1 }
        let below = graph.rule { main.value * 2 }
        let free = graph.rule { x.value * 3 }
        _ = below.value + free.value
        graph.invalidateAll()
        #expect(!main.allowsAsyncUpdate && !below.allowsAsyncUpdate)
        #expect(free.allowsAsyncUpdate)
        #expect(graph.invariantViolations().isEmpty)
    }

    /// An effect that requires the main thread and is queued again by its own write (here, a flush
    /// stopped after one round) keeps the main-thread flag: pending effects then do not allow an
    /// update off the main thread.
    @Test func anEffectRequeuedByItsOwnWriteKeepsTheMainThreadFlag() {
        let graph = quietGraph()
        graph.maximumFlushRounds = 1
        let x = graph.input(0)
        let effect = graph.effect(requiresMainThread: true) { x.value += 1 }
        graph.flush()
        #expect(graph.hasPendingEffects)
        #expect(!graph.pendingEffectsAllowAsyncUpdate)
        #expect(effect.state.contains(.mainThread))
        #expect(graph.invariantViolations().isEmpty)
    }

    /// A rule that read itself through a cycle and is then destroyed counts its self-edge as
    /// removed: edges added less removed is the edges there are.
    @Test func aSelfEdgeGoneWithItsRuleIsCountedAsRemoved() {
        let graph = quietGraph()
        let subgraph = graph.makeSubgraph(name: "cycle")
        let rule = subgraph.withCurrent {
            var holder: Rule<Int>?
            let rule = graph.rule(name: "self", initialValue: 0) { (holder?.value ?? 0) + 1 }
            holder = rule
            return rule
        }
        #expect(rule.value == 1)
        #expect(graph.statistics.edgesAdded == 1)
        subgraph.destroy()
        #expect(graph.statistics.edgesAdded - graph.statistics.edgesRemoved == 0)
        #expect(graph.invariantViolations().isEmpty)
    }

    /// A node made while the current subgraph has just been torn down (by the body it is current
    /// for) belongs to the root: it works, and no subgraph, live or reused, claims it.
    @Test func aNodeMadeInATornDownSubgraphBelongsToTheRoot() {
        let graph = quietGraph()
        let doomed = graph.makeSubgraph(name: "doomed")
        let made: Rule<Int> = doomed.withCurrent {
            doomed.destroy()
            return graph.rule(name: "made after") { 42 }
        }
        let reused = graph.makeSubgraph(name: "reuses the slot")
        #expect(made.value == 42)
        #expect(graph.snapshot().nodes.first { $0.name == "made after" }?.subgraphIndex == nil)
        #expect(reused.nodeCount == 0)
        #expect(graph.invariantViolations().isEmpty, "\(graph.invariantViolations())")
    }

    /// After a cycle, the reader of the cyclic read may stay clean with that edge pending; only
    /// that edge is excused, and only until the reader runs again. (A switch set by the first
    /// cyclic read used to turn the check off for good.)
    @Test func aCyclicReadExcusesOnlyItsOwnEdgeWhileItIsPending() {
        let graph = quietGraph()
        let x = graph.input(1, name: "x")
        let other = graph.input(1, name: "other")
        var bHolder: Rule<Int>?
        let a = graph.rule(name: "a", initialValue: 0) { x.value + (bHolder?.value ?? 0) }
        let b = graph.rule(name: "b") { a.value + 1 }
        bHolder = b
        let c = graph.rule(name: "c") { other.value * 2 }
        #expect(a.value == 2)  // b read a's initial value 0 through the cycle: 1 + (0 + 1)
        _ = c.value
        #expect(graph.cyclicReadEdges == [CyclicReadEdge(input: a.id.index, reader: b.id.index)])
        #expect(graph.invariantViolations().isEmpty, "the cyclic read's edge is excused")

        // Another clean node with a pending input is still found.
        graph.clock += 1
        graph.table[other.id.index].changedAt = graph.clock
        #expect(graph.invariantViolations().map(\.invariant) == [.cleanHasNoPendingInput])
        other.value = 2
        #expect(c.value == 4)
        #expect(graph.invariantViolations().isEmpty)

        // Once b runs again, the excuse is gone.
        x.value = 5
        _ = b.value
        #expect(graph.invariantViolations().isEmpty)
        #expect(graph.cyclicReadEdges.allSatisfy { graph.isPending(from: $0.input, to: $0.reader) })
    }

    /// On a graph larger than one check's budget, consecutive windows start where the last one
    /// stopped and a pass covers every node: a violation planted anywhere is found within one pass.
    @Test func windowsOverALargeGraphFindAViolationAnywhere() {
        let graph = quietGraph()
        let head = graph.input(0)
        var last = graph.rule { head.value + 1 }
        for _ in 0 ..< 20_000 {
            let previous = last
            last = graph.rule { previous.value + 1 }
            _ = last.value  // one level deep each: no deep first evaluation
        }
        #expect(last.value == 20_001)
        let budget = 4_096
        let planted: [Int32] = [0, 7_777, 20_001]
        for id in planted {
            graph.table[id].flags.insert(.visiting)
            var start: Int32 = 0
            var windows = 0
            var found = false
            repeat {
                let (violations, next) = graph.invariantViolations(from: start, budget: budget)
                found = found || violations.contains { $0.invariant == .notVisiting && $0.node == id }
                #expect(next == 0 || next > start, "each window starts where the last one stopped")
                start = next
                windows += 1
            } while start != 0
            graph.table[id].flags.remove(.visiting)
            #expect(found, "#\(id) found within one pass")
            // Each node of the chain costs 1 plus 2 edge entries plus the 2 it looks up on the other side.
            #expect(windows <= 20_002 * 5 / budget + 2, "\(windows) windows")
        }
    }

    /// Where the checks are compiled in, they run after every mark and update: on a large graph, a
    /// window of records is checked every few of them, each starting where the last one stopped.
    @Test(.enabled(if: Graph.checksInvariants)) func checkedBuildsCheckAfterEveryUpdate() {
        let graph = quietGraph()
        let head = graph.input(0)
        var last = graph.rule { head.value + 1 }
        for _ in 0 ..< 20_000 {
            let previous = last
            last = graph.rule { previous.value + 1 }
            _ = last.value  // one level deep each: no deep first evaluation
        }
        _ = last.value
        // 256 hooked checks, each after marking or running the whole chain, earn a window each
        // (a window spends all the credit earned, so the credit is 0 right after one).
        var windows = 0
        var starts: Set<Int32> = [graph.invariantCheckCursor]
        for value in 1 ... 128 {
            head.value = value
            if graph.invariantCheckCreditEarned == 0 { windows += 1 }
            starts.insert(graph.invariantCheckCursor)
            _ = last.value
            if graph.invariantCheckCreditEarned == 0 { windows += 1 }
            starts.insert(graph.invariantCheckCursor)
        }
        #expect(last.value == 20_129)
        #expect(windows == 256, "a window after every mark and every update: \(windows)")
        #expect(starts.count >= 2, "the windows moved through the table: \(starts.sorted())")
    }

    /// A test can tell whether this build checks invariants (and so whether the tests marked for it ran).
    @Test func aTestCanAskWhetherChecksAreCompiledIn() {
        #if CONSTRAINTS_INTERNAL_CHECKS
        #expect(Graph.checksInvariants)
        #else
        #expect(!Graph.checksInvariants)
        #endif
    }
}
