// The engine's invariants and the checker that tests them (see `Docs/Engine.md`, "Invariants").
//
// Built with `-Xswiftc -DCONSTRAINTS_INTERNAL_CHECKS` (as `.ci/run` does for one run of the test
// suite), the graph runs the checker after every outermost mark and every outermost update, and a
// broken invariant stops the program naming it and the node. In other builds those hooks are empty
// and cost nothing, but the checker is compiled all the same: tests run it by hand
// (``Graph/invariantViolations()``), and it then returns what it found instead of stopping.
//
// Each invariant is one case of ``Invariant`` and is tested by one method below, named after the
// field of ``NodeRecord`` (or the structure of the graph) it is about: a new field gets a new case
// and a new method, and `InvariantCheckerTests` a test that breaks it.

/// One invariant the engine keeps between updates (no closure running, nothing on the stacks).
enum Invariant: String, CaseIterable, Sendable {
    // The graph as a whole.
    /// The work stacks are empty and no closure runs.
    case updateFinished
    /// Free slots are blank and in the free list, and the live count counts the others.
    case freeSlots
    /// Every entry of the effect queue names an effect made by this graph, and every one whose
    /// effect is live (not cancelled since it was queued) is ``NodeFlags/queued`` and listed once;
    /// if the queue or the round in progress holds a cancelled effect's entry, the graph notes it
    /// (``Graph/queueHoldsCancelledEffects``), so that the flush skips it.
    case effectQueueEntries
    /// Every ``NodeFlags/queued`` effect is in the effect queue (or in the round a flush is running).
    case queuedEffectInQueue
    /// Every entry of the staging list is a live input with ``NodeFlags/pendingWrite`` that no later
    /// entry names, except as many entries of inputs destroyed since they were written as the graph
    /// counts (``Graph/stagedEntriesOfDestroyedInputs``), which the commit drops (and so does a
    /// destruction that leaves them more than half the list).
    case stagedInputEntries
    /// Every input with ``NodeFlags/pendingWrite`` is in the staging list.
    case stagedInputInList
    /// Every live subgraph is in the subgraph table at its index, belongs to this graph, is a child
    /// of its parent, and lists each of its nodes once; each listed node names it, and each listed
    /// effect knows where it is listed. The subgraph counts the vacancies that cancelled effects
    /// left in its list, and none is last.
    case subgraphMembers
    /// The graph's edge counters (added less removed, since the last reset) count the edges there are.
    case edgeCounters
    /// A node's edge counters (added less removed) count its input edges, while they have counted
    /// since the node was made.
    case nodeEdgeCounters

    // One per field of a node's record (``NodeRecord``) and of the store slot it names.
    /// `flags`: only defined bits, and those the node's kind allows.
    case flagsOfKind
    /// `flags`: nothing is ``NodeFlags/visiting`` between updates.
    case notVisiting
    /// `box`: a rule's or input's is its graph's store of rules or inputs of its value type (a rule
    /// with a stored body's, of its body type); an effect has none.
    case box
    /// `slot`: an effect's names a slot of the effect table that holds its closure and names the
    /// node back, and no position among a subgraph's members for an effect of the root. The
    /// table's free slots are empty and listed once, and its other
    /// slots belong to live effects, whose creation numbers are the graph's own: from its anchor's
    /// first (``GraphAnchor/firstSequence``), below the next, and used once; the anchor names the
    /// graph.
    case effectSlot
    /// `slot`: an input's names a slot of its store that names the node back. Each store's free
    /// slots are listed once and name no node, and its other slots belong to live inputs that name
    /// them, in that store; the graph finds each store under its value type.
    case inputSlot
    /// `slot`: a rule's names an entry of its store that names the node back. Each store's free
    /// slots are listed once, name no node and hold no value, and its other slots belong to live
    /// rules that name them, in that store; every entry holds the graph's core (which handles
    /// read); the graph finds each store under its key (``AnyRuleStore/key``).
    case ruleSlot
    /// Each input store's pages (``InputPage``): each entry names the graph's core (which handles
    /// read), they hold every slot handed out, and their slots past the last one handed out are free; the
    /// store's staged values, once it has any, have a slot for each slot of the pages.
    case inputPages
    /// `flags` and `box`: a node has a value (or an initial value) exactly when its slot of its
    /// rule or input store holds one.
    case valueInBox
    /// `flags` and `box`: an input has ``NodeFlags/pendingWrite`` exactly when its slot of the
    /// input store holds a staged value.
    case stagedValueInBox
    /// `changedAt`, `ranAt`: not in the future; an input never runs, an effect never changes, a
    /// rule changes only when it runs.
    case clocks
    /// A rule or effect without a value never ran: it is forced to run and read nothing yet.
    case neverRan
    /// `readStamp`: no later than the last stamp handed out.
    case readStamp
    /// `nameIndex`: none, or a name the graph interned.
    case nameIndex
    /// `subgraph`: the root, or a live subgraph.
    case subgraphOfNode
    /// `inputs`, `outputs`: a list of one id is stored inline with its record offset, a block holds
    /// two or more, and no list holds an id twice.
    case edgeListEncoding
    /// `inputs`, `outputs`: inputs read nothing, and nothing reads an effect.
    case edgesOfKind
    /// `inputs`: each input is a live node that lists this one among its readers, at the position
    /// the edge's mirror gives (``InputList``).
    case inputEdgesMirrored
    /// `outputs`: each reader is a live node that lists this one among its inputs.
    case outputEdgesMirrored
    /// `flags`: the readers of an out-of-date node are out of date (the mark went all the way down).
    case dirtyReaders
    /// `flags`: an out-of-date effect is queued (or in the round a flush is running), or no flush
    /// would run it.
    case dirtyEffectQueued
    /// `flags`: ``NodeFlags/mainThread`` only on out-of-date nodes.
    case mainThreadOnlyWhenDirty
    /// `flags`: an out-of-date node that requires the main thread has ``NodeFlags/mainThread``, and
    /// so do the readers of a node that has it (the mark carried it all the way down).
    case mainThreadPropagated
    /// `flags`, `ranAt`: a rule or effect with a value that is neither out of date nor forced to
    /// run has no pending input edge, except one it read through a dependency cycle.
    case cleanHasNoPendingInput
}

/// A broken invariant, as the checker reports it.
struct InvariantViolation: CustomStringConvertible, Sendable {
    let invariant: Invariant
    /// The node it was found at; `nil` for a graph-wide structure.
    let node: Int32?
    /// What is wrong, with the names of the nodes involved.
    let message: String

    var description: String { "\(invariant.rawValue)\(node.map { " at #\($0)" } ?? ""): \(message)" }
}

/// An edge read through a dependency cycle: its reader may stay clean while the edge is pending
/// (see ``Invariant/cleanHasNoPendingInput``).
struct CyclicReadEdge: Equatable {
    let input: Int32
    let reader: Int32
}

extension Graph {
    /// Whether this build checks the engine's invariants after every outermost mark and update
    /// (built with `-Xswiftc -DCONSTRAINTS_INTERNAL_CHECKS`, see `Docs/Engine.md`). Such a build is
    /// much slower: timing tools can refuse to run in it, and tests that need the checks can ask.
    public static var checksInvariants: Bool {
        #if CONSTRAINTS_INTERNAL_CHECKS
        true
        #else
        false
        #endif
    }

    /// Checks the invariants after a mark, unless an update is in progress (an effect writing an
    /// input while it runs) or a subgraph's teardown (whose releases cancelled an effect), whose
    /// end checks them.
    @inline(__always)
    func checkInvariantsAfterOutermostMark() {
        #if CONSTRAINTS_INTERNAL_CHECKS
        // Not from a write inside a written value's `==`: the commit that runs it has taken an input
        // off the staging list's flags but not yet off the list, and checks once it is done.
        if walkStack.isEmpty && !recorder.isRunning && teardownDepth == 0 && !isComparingWrittenValue { checkInvariants() }
        #endif
    }

    /// Checks the invariants after the outermost update and the work that waited for it.
    @inline(__always)
    func checkInvariantsAfterOutermostUpdate() {
        #if CONSTRAINTS_INTERNAL_CHECKS
        // An update that a teardown's release started (a `deinit` reading a rule) finds the graph
        // half torn down; the teardown's end checks it.
        if teardownDepth == 0 { checkInvariants() }
        #endif
    }

    /// Graphs of at most this many node slots are checked whole after every mark and update.
    static var wholeCheckedGraph: Int32 { 2_000 }

    /// The record checking each hooked check earns on a larger graph, in nodes and edge-list
    /// entries visited: a small constant, plus a few per node the engine marked or ran since the
    /// last check, so that checking costs a constant factor of the engine's own work (a million-node
    /// chain built one read at a time, or a million inputs written one by one, stay quick).
    static var invariantCheckCredit: Int { 16 }
    static var invariantCheckCreditPerWork: Int { 4 }

    /// The least credit a window of record checks is run with, so that a window's setup is paid
    /// rarely.
    static var invariantCheckWindow: Int { 4_096 }

    /// The hooked check: stops the program, naming every broken invariant it found, if the graph
    /// between updates is not as the algorithm leaves it.
    ///
    /// A graph of at most ``wholeCheckedGraph`` slots is checked whole. A larger one is sampled,
    /// deterministically, with a rotating window: each hooked check earns
    /// ``invariantCheckCredit`` (and more for the marks and runs since the last one), and once the
    /// credit reaches ``invariantCheckWindow``, a window
    /// spends it, testing the records of the nodes from where the last window stopped (wrapping at
    /// the end of the table) until it has visited that many nodes and edge-list entries. A window
    /// that starts at the first node also runs the graph-wide checks, which visit every node once.
    /// So checking costs a mark or update a constant factor of its own work plus, amortised, the
    /// graph-wide checks once per pass; and every live node's record is checked at least once in
    /// every pass, that is within every ⌈whole graph's cost / 16⌉ + 256 hooked checks, and sooner
    /// when they mark and run nodes. That the stacks are empty and no closure runs is checked every
    /// time.
    func checkInvariants() {
        var violations: [InvariantViolation]
        if table.endIndex <= Graph.wholeCheckedGraph {
            violations = invariantViolations(from: 0, budget: .max).violations
        } else {
            let work = counters.marks + counters.evaluations
            invariantCheckCreditEarned += Graph.invariantCheckCredit + Graph.invariantCheckCreditPerWork * max(0, work - invariantCheckWorkSeen)
            invariantCheckWorkSeen = work
            if invariantCheckCreditEarned >= Graph.invariantCheckWindow {
                let window = invariantViolations(from: invariantCheckCursor, budget: invariantCheckCreditEarned)
                invariantCheckCursor = window.next
                invariantCheckCreditEarned = 0
                violations = window.violations
            } else {
                var check = InvariantCheck()
                checkUpdateFinished(&check)
                violations = check.violations
            }
        }
        guard violations.isEmpty else {
            fatalError("Constraints invariant broken:\n" + violations.prefix(20).map { "  \($0)" }.joined(separator: "\n"))
        }
    }

    /// Checks every invariant over the whole graph and returns what is broken (empty when the
    /// graph is as the algorithm leaves it between updates). Tests call it after breaking an
    /// invariant on purpose.
    func invariantViolations() -> [InvariantViolation] {
        invariantViolations(from: 0, budget: .max).violations
    }

    /// The graph-wide checks if `start` is 0, and the record checks of the nodes from `start` on
    /// until `budget` is spent; returns what is broken and the node the next window starts at.
    func invariantViolations(from start: Int32, budget: Int) -> (violations: [InvariantViolation], next: Int32) {
        var check = InvariantCheck()
        checkUpdateFinished(&check)
        pruneCyclicReadEdges()
        let end = table.endIndex
        let first = start < end ? start : 0
        if first == 0 { checkGraphWide(&check) }
        var id = first
        var spent = 0
        var context = RecordCheckContext()
        while id < end && (spent < budget || id == first) {
            if table.isLive(id) {
                spent += checkRecord(id, &check, &context)
            } else {
                checkFreeSlot(id, &check)
                spent += 1
            }
            id += 1
        }
        return (check.violations, id < end ? id : 0)
    }

    // MARK: The graph as a whole

    private func checkUpdateFinished(_ check: inout InvariantCheck) {
        if !walkStack.isEmpty || !markStack.isEmpty || !readScratch.isEmpty {
            check.fail(.updateFinished, nil, "the work stacks are empty between updates")
        }
        if recorder.isRunning { check.fail(.updateFinished, nil, "no closure runs between updates") }
    }

    /// The checks of structures that span the graph; each visits every node once at most.
    private func checkGraphWide(_ check: inout InvariantCheck) {
        checkFreeList(&check)
        checkEffectQueue(&check)
        checkEffectTable(&check)
        checkInputStores(&check)
        checkRuleStores(&check)
        checkInputPages(&check)
        checkStagedInputs(&check)
        checkSubgraphs(&check)
        checkEdgeCounters(&check)
    }

    private func checkFreeList(_ check: inout InvariantCheck) {
        var live = 0
        for id in 0 ..< table.endIndex where table.isLive(id) { live += 1 }
        if live != table.liveCount {
            check.fail(.freeSlots, nil, "\(live) live nodes, but the table counts \(table.liveCount)")
        }
        var seen = Set<Int32>()
        for id in table.freeIDs.elements(from: 0) where table.isLive(id) || !seen.insert(id).inserted {
            check.fail(.freeSlots, id, "the free list holds only free slots, once each")
        }
    }

    private func checkEffectQueue(_ check: inout InvariantCheck) {
        var seen = Set<Int32>()
        for entry in effectQueue.elements(from: 0) {
            let id = entry.node
            if entry.sequence < anchor.firstSequence.load(ordering: .relaxed) || entry.sequence >= nextEffectSequence {
                check.fail(.effectQueueEntries, nil, "an entry of the effect queue has a creation number of this graph's, not \(entry.sequence)")
            } else if !isLive(entry) {
                continue  // an effect cancelled since it was queued: the flush skips it (checked below)
            } else if !table[id].flags.contains(.queued) {
                check.fail(.effectQueueEntries, id, "\(name(of: id)), in the effect queue, is queued")
            } else if !seen.insert(id).inserted {
                check.fail(.effectQueueEntries, id, "\(name(of: id)) is in the effect queue once")
            }
        }
        let entries = flushEntries
        if !entries.allSatisfy(isLive) && !queueHoldsCancelledEffects {
            check.fail(.effectQueueEntries, nil, "the flush's \(entries.count) entries hold a cancelled effect's, and the graph notes it")
        }
    }

    /// The entries of the effect queue and of the flush round in progress, as one list.
    fileprivate var flushEntries: [QueuedEffect] {
        Array(effectQueue.elements(from: 0)) + Array(effectRound.elements(from: 0))
    }

    private func checkStagedInputs(_ check: inout InvariantCheck) {
        // Backward, as the commit drops entries: an input's own entry is the last that names it.
        var own = Set<Int32>()
        var others = 0
        for index in stride(from: stagedInputs.count - 1, through: 0, by: -1) {
            let id = stagedInputs[index]
            if isInputWithStagedWrite(id) && own.insert(id).inserted { continue }
            others += 1
        }
        if others != stagedEntriesOfDestroyedInputs {
            check.fail(.stagedInputEntries, nil, "the staging list holds \(others) entries that are not a live staged input's own, "
                + "and the graph counts \(stagedEntriesOfDestroyedInputs) of destroyed inputs")
        }
    }

    private func checkSubgraphs(_ check: inout InvariantCheck) {
        if subgraphTable.first.flatMap({ $0 }) != nil { check.fail(.subgraphMembers, nil, "slot 0 of the subgraph table is the root") }
        var members = 0
        let freeIndices = Set(freeSubgraphIndices)
        var listedChildren = Set<ObjectIdentifier>()
        for case let subgraph? in subgraphTable {
            for (position, child) in subgraph.children.enumerated() {
                listedChildren.insert(ObjectIdentifier(child))
                if child.parent !== subgraph {
                    check.fail(.subgraphMembers, nil, "child '\(child.name)' of subgraph '\(subgraph.name)' has it as its parent")
                }
                if child.positionInParent != position {
                    check.fail(.subgraphMembers, nil, "child '\(child.name)' of subgraph '\(subgraph.name)' knows its position \(position)")
                }
            }
        }
        for (index, entry) in subgraphTable.enumerated() {
            let free = freeIndices.contains(Int32(index))
            guard let subgraph = entry else {
                if index > 0 && !free { check.fail(.subgraphMembers, nil, "empty subgraph slot \(index) is in the free list") }
                continue
            }
            let label = "subgraph '\(subgraph.name)'"
            if free { check.fail(.subgraphMembers, nil, "\(label) is not in the free list") }
            if Int(subgraph.index) != index { check.fail(.subgraphMembers, nil, "\(label) is at its index \(subgraph.index), not \(index)") }
            if subgraph.graph !== self { check.fail(.subgraphMembers, nil, "\(label) belongs to its graph") }
            if subgraph.isDestroyed && deferredTeardowns.isEmpty {
                check.fail(.subgraphMembers, nil, "destroyed \(label) is torn down")
            }
            if subgraph.parent == nil && subgraph.positionInParent != -1 {
                check.fail(.subgraphMembers, nil, "\(label) has no parent and no position among children")
            }
            if let parent = subgraph.parent, !listedChildren.contains(ObjectIdentifier(subgraph)) {
                check.fail(.subgraphMembers, nil, "\(label) is a child of its parent '\(parent.name)'")
            }
            var seen = Set<Int32>()
            var vacancies = 0
            for (position, id) in subgraph.nodes.enumerated() {
                if id == Subgraph.vacant {
                    vacancies += 1
                } else if !table.isLive(id) || table[id].subgraph != subgraph.index {
                    check.fail(.subgraphMembers, id, "member #\(id) of \(label) is a live node of it")
                } else if !seen.insert(id).inserted {
                    check.fail(.subgraphMembers, id, "\(label) lists \(name(of: id)) once")
                } else if table[id].flags.contains(.effect) && effects[table[id].slot].memberPosition != position {
                    check.fail(.subgraphMembers, id, "effect \(name(of: id)) knows its position \(position) among the members of \(label)")
                }
            }
            if vacancies != subgraph.vacancies || subgraph.nodes.last == Subgraph.vacant {
                check.fail(.subgraphMembers, nil, "\(label) counts its \(vacancies) vacancies (it counts \(subgraph.vacancies)), none of them last")
            }
            members += subgraph.nodes.count - vacancies
        }
        var inSubgraphs = 0
        for id in 0 ..< table.endIndex where table.isLive(id) && table[id].subgraph != 0 { inSubgraphs += 1 }
        if inSubgraphs != members {
            check.fail(.subgraphMembers, nil, "\(inSubgraphs) nodes belong to subgraphs, whose lists hold \(members)")
        }
    }

    private func checkEdgeCounters(_ check: inout InvariantCheck) {
        let (inputEdges, outputEdges) = edgeCount()
        if inputEdges != outputEdges {
            check.fail(.edgeCounters, nil, "\(inputEdges) input edges, but \(outputEdges) output edges")
        }
        let counted = counters.edgesAdded - counters.edgesRemoved + edgesAtStatisticsReset
        if counted != inputEdges {
            check.fail(.edgeCounters, nil, "\(counters.edgesAdded) edges added less \(counters.edgesRemoved) removed "
                + "(plus \(edgesAtStatisticsReset) at the last reset) is not the \(inputEdges) there are")
        }
    }

    /// The number of entries of every input list and of every output list.
    func edgeCount() -> (inputs: Int, outputs: Int) {
        var inputs = 0, outputs = 0
        for id in 0 ..< table.endIndex where table.isLive(id) {
            inputs += table[id].inputs.count
            outputs += table[id].outputs.count
        }
        return (inputs, outputs)
    }

    // MARK: One record, field by field

    /// Checks the record of live node `id`; returns the work done (nodes and edge-list entries
    /// visited).
    private func checkRecord(_ id: Int32, _ check: inout InvariantCheck, _ context: inout RecordCheckContext) -> Int {
        let record = table[id]
        checkFlags(id, record, &check)
        checkBox(id, record, &check)
        checkEffectSlot(id, record, &check)
        checkInputSlot(id, record, &check)
        checkRuleSlot(id, record, &check)
        checkClocks(id, record, &check)
        checkReadStamp(id, record, &check)
        checkNameIndex(id, record, &check)
        checkSubgraph(id, record, &check)
        checkQueueMembership(id, record, &check, &context)
        let work = checkEdges(id, record, &check)
        checkMarks(id, record, &check)
        checkNodeEdgeCounters(id, record, &check)
        return 1 + work
    }

    private func checkFlags(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        let flags = record.flags
        func fail(_ message: String) { check.fail(.flagsOfKind, id, "\(name(of: id)) (flags \(flags.rawValue)): \(message)") }
        if !NodeFlags.all.isSuperset(of: flags) { fail("only defined flags are set") }
        if flags.contains(.input) && flags.contains(.effect) { fail("a node is an input or an effect, not both") }
        if flags.contains(.input) {
            if !flags.contains(.hasValue) { fail("an input has a value") }
            if !flags.isDisjoint(with: Self.flagsOfRulesOnly) { fail("an input is never out of date, run or given an initial value") }
        }
        if flags.contains(.queued) && !flags.contains(.effect) { fail("only effects are queued") }
        if flags.contains(.pendingWrite) && !flags.contains(.input) { fail("only inputs have staged writes") }
        if flags.contains(.hasInitialValue) && flags.contains(.effect) { fail("effects have no initial value") }
        if flags.contains(.visiting) { check.fail(.notVisiting, id, "\(name(of: id)) is not visiting between updates") }
    }

    /// Flags an input never has (a constant: an option-set literal is slow in debug builds).
    private static let flagsOfRulesOnly = NodeFlags(rawValue: NodeFlags.dirty.rawValue | NodeFlags.forceRun.rawValue
        | NodeFlags.mainThread.rawValue | NodeFlags.requiresMainThread.rawValue | NodeFlags.hasInitialValue.rawValue)

    private func checkBox(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        let flags = record.flags
        guard let box = record.box?.takeUnretainedValue() else {
            if !flags.contains(.effect) { check.fail(.box, id, "\(name(of: id)) has a box (only effects have none)") }
            return
        }
        if flags.contains(.effect) {
            check.fail(.box, id, "effect \(name(of: id)) has no box")
            return
        }
        let slot = record.slot
        if flags.contains(.input) {
            guard let store = box as? AnyInputStore, inputStores[store.valueType] === store else {
                check.fail(.box, id, "the box of input \(name(of: id)) is one of the graph's input stores")
                return
            }
            // A slot out of the store's range is checkInputSlot's finding; the store has nothing there.
            if slot < 0 || slot >= store.endIndex { return }
        } else {
            guard let store = box as? AnyRuleStore, ruleStores[store.key] === store else {
                check.fail(.box, id, "the box of rule \(name(of: id)) is one of the graph's rule stores")
                return
            }
            // A slot out of the store's range is checkRuleSlot's finding; the store has nothing there.
            if slot < 0 || slot >= store.endIndex { return }
        }
        let holdsValue = box.holdsValue(slot: slot), holdsStagedValue = box.holdsStagedValue(slot: slot)
        if holdsValue != flags.hasValueToReturn {
            check.fail(.valueInBox, id, "\(name(of: id)) has a value (flags: \(flags.hasValueToReturn)) exactly when its box holds one "
                + "(box: \(holdsValue))")
        }
        if holdsStagedValue != flags.contains(.pendingWrite) {
            check.fail(.stagedValueInBox, id, "\(name(of: id)) has a staged write (flags: \(flags.contains(.pendingWrite))) exactly "
                + "when its box holds a staged value (box: \(holdsStagedValue))")
        }
    }

    private func checkClocks(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        let flags = record.flags
        func fail(_ message: String) {
            check.fail(.clocks, id, "\(name(of: id)) (changed at \(record.changedAt), ran at \(record.ranAt), clock \(clock)): \(message)")
        }
        if record.changedAt > clock || record.ranAt > clock { fail("no clock is in the future") }
        if flags.contains(.input) {
            if record.ranAt != 0 { fail("an input never runs") }
            if record.changedAt == 0 { fail("an input has changed (it was made) at a tick of the clock") }
        } else if flags.contains(.effect) {
            if record.changedAt != 0 { fail("an effect has no value to change") }
        } else if record.changedAt > record.ranAt + 1 {
            fail("a rule's value changes only when it runs")
        }
        if !flags.contains(.input) && !flags.contains(.hasValue)
            && (!flags.contains(.forceRun) || record.ranAt != 0 || record.changedAt != 0 || !record.inputs.isEmpty) {
            check.fail(.neverRan, id, "\(name(of: id)) has no value, so it never ran: it must run, and read nothing yet")
        }
    }

    private func checkReadStamp(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        if record.readStamp > lastStamp {
            check.fail(.readStamp, id, "\(name(of: id))'s read stamp \(record.readStamp) was handed out (the last is \(lastStamp))")
        }
    }

    private func checkNameIndex(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        if record.nameIndex < -1 || record.nameIndex >= Int32(names.count) {
            check.fail(.nameIndex, id, "#\(id)'s name index \(record.nameIndex) is -1 or an interned name's")
        }
    }

    private func checkSubgraph(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        guard record.subgraph != 0 else { return }
        if record.subgraph < 0 || Int(record.subgraph) >= subgraphTable.count || subgraphTable[Int(record.subgraph)] == nil {
            check.fail(.subgraphOfNode, id, "\(name(of: id)) belongs to the root or to a live subgraph, not #\(record.subgraph)")
        }
    }

    /// The node's side of the effect queue's and the staging list's checks (the graph-wide
    /// checks test the lists' side).
    private func checkQueueMembership(
        _ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck, _ context: inout RecordCheckContext
    ) {
        if record.flags.contains(.queued) && !context.queuedEffects(of: self).contains(id) {
            check.fail(.queuedEffectInQueue, id, "queued \(name(of: id)) is in the effect queue")
        }
        if record.flags.contains(.effect) && record.flags.contains(.dirty) && !record.flags.contains(.queued)
            && !context.queuedEffects(of: self).contains(id) {
            check.fail(.dirtyEffectQueued, id, "out-of-date effect \(name(of: id)) is queued")
        }
        if record.flags.contains(.pendingWrite) && !context.stagedInputs(of: self).contains(id) {
            check.fail(.stagedInputInList, id, "staged \(name(of: id)) is in the staging list")
        }
    }

    /// Checks both edge lists of `id`; returns the number of edge-list entries visited.
    private func checkEdges(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) -> Int {
        checkInputListEncoding(record.inputs, of: id, &check)
        checkEdgeListEncoding(record.outputs, of: id, "outputs", &check)
        if record.flags.contains(.input) && !record.inputs.isEmpty {
            check.fail(.edgesOfKind, id, "input \(name(of: id)) reads nothing")
        }
        if record.flags.contains(.effect) && !record.outputs.isEmpty {
            check.fail(.edgesOfKind, id, "nothing reads effect \(name(of: id))")
        }
        var work = record.inputs.count + record.outputs.count
        for index in 0 ..< record.inputs.count {
            let input = record.inputs[index]
            if !table.isLive(input) {
                check.fail(.inputEdgesMirrored, id, "input #\(input) of \(name(of: id)) is a live node")
                continue
            }
            // The edge's mirror says where: a reader is found in its input's outputs without a scan.
            let mirror = record.inputs.mirror(at: index)
            if table[input].outputs.id(at: mirror) != id {
                check.fail(.inputEdgesMirrored, id, "input \(name(of: input)) lists \(name(of: id)) as a reader at the edge's mirror, \(mirror)")
            }
        }
        for index in 0 ..< record.outputs.count {
            let reader = record.outputs[index]
            if !table.isLive(reader) {
                check.fail(.outputEdgesMirrored, id, "reader #\(reader) of \(name(of: id)) is a live node")
                continue
            }
            work += table[reader].inputs.count
            if table[reader].inputs.firstIndex(of: id) == nil {
                check.fail(.outputEdgesMirrored, id, "reader \(name(of: reader)) lists \(name(of: id)) as an input")
            }
        }
        return work
    }

    /// ``checkEdgeListEncoding(_:of:_:_:)`` for an input list (whose inline edge keeps its mirror
    /// beside the word).
    private func checkInputListEncoding(_ inputs: InputList, of id: Int32, _ check: inout InvariantCheck) {
        if inputs.isSingle {
            if inputs.raw != EdgeList.word(single: inputs.single) {
                check.fail(.edgeListEncoding, id, "the inline edge of \(name(of: id))'s inputs holds #\(inputs.single)'s record offset")
            }
            return
        }
        if inputs.isEmpty { return }
        if inputs.count < 2 { check.fail(.edgeListEncoding, id, "a list of \(name(of: id))'s inputs in a block holds two ids or more") }
        var seen = Set<Int32>()
        for index in 0 ..< inputs.count where !seen.insert(inputs[index]).inserted {
            check.fail(.edgeListEncoding, id, "\(name(of: id))'s inputs hold #\(inputs[index]) once")
        }
    }

    private func checkEdgeListEncoding(_ edges: EdgeList, of id: Int32, _ side: String, _ check: inout InvariantCheck) {
        if edges.isSingle {
            if edges.raw != EdgeList.word(single: edges.single) {
                check.fail(.edgeListEncoding, id, "the inline edge of \(name(of: id))'s \(side) holds #\(edges.single)'s record offset")
            }
            return
        }
        if edges.isEmpty { return }
        if edges.count < 2 { check.fail(.edgeListEncoding, id, "a list of \(name(of: id))'s \(side) in a block holds two ids or more") }
        var seen = Set<Int32>()
        for index in 0 ..< edges.count where !seen.insert(edges[index]).inserted {
            check.fail(.edgeListEncoding, id, "\(name(of: id))'s \(side) hold #\(edges[index]) once")
        }
    }

    /// The marks: out-of-date readers, the main-thread flag, and the pending edges of clean nodes.
    private func checkMarks(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        let flags = record.flags
        if flags.contains(.mainThread) && !flags.contains(.dirty) {
            check.fail(.mainThreadOnlyWhenDirty, id, "\(name(of: id)) has the main-thread flag, so it is out of date")
        }
        if flags.contains(.dirty) && flags.contains(.requiresMainThread) && !flags.contains(.mainThread) {
            check.fail(.mainThreadPropagated, id, "out-of-date \(name(of: id)) requires the main thread, so it has the main-thread flag")
        }
        for index in 0 ..< record.outputs.count where table.isLive(record.outputs[index]) {
            let reader = record.outputs[index]
            let readerFlags = table[reader].flags
            if flags.contains(.dirty) && !readerFlags.contains(.dirty) {
                check.fail(.dirtyReaders, id, "reader \(name(of: reader)) of out-of-date \(name(of: id)) is out of date")
            }
            if flags.contains(.mainThread) && !readerFlags.contains(.mainThread) {
                check.fail(.mainThreadPropagated, id, "reader \(name(of: reader)) of \(name(of: id)) has the main-thread flag too")
            }
        }
        let isClean = flags.contains(.hasValue) && !flags.contains(.input) && !flags.contains(.dirty) && !flags.contains(.forceRun)
        guard isClean else { return }
        for index in 0 ..< record.inputs.count {
            let input = record.inputs[index]
            guard table.isLive(input), isPending(from: input, to: id),
                  !cyclicReadEdges.contains(CyclicReadEdge(input: input, reader: id)) else { continue }
            check.fail(.cleanHasNoPendingInput, id, "clean \(name(of: id)) has no pending input (\(name(of: input)) changed after it ran)")
        }
    }

    private func checkNodeEdgeCounters(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        guard recordsNodeCounters && nodeCountersCountEveryEdge else { return }
        guard Int(id) < nodeCounters.count else {
            return check.fail(.nodeEdgeCounters, id, "\(name(of: id)) has counters")
        }
        let counters = nodeCounters[Int(id)]
        if counters.edgesAdded - counters.edgesRemoved != record.inputs.count {
            check.fail(.nodeEdgeCounters, id, "\(name(of: id)): \(counters.edgesAdded) edges added less \(counters.edgesRemoved) "
                + "removed is not its \(record.inputs.count) inputs")
        }
    }

    /// The node's side of ``Invariant/effectSlot``: an effect names a slot that names it back and
    /// holds its closure (checked between updates only: while it runs, its closure is out of the
    /// slot, see ``runEffectBody(_:)``); a rule's or input's slot is in its store
    /// (``Invariant/ruleSlot``, ``Invariant/inputSlot``).
    private func checkEffectSlot(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        let slot = record.slot
        guard record.flags.contains(.effect) else { return }
        if slot < 0 || slot >= effects.endIndex || effects[slot].node != id || effects[slot].body == nil {
            check.fail(.effectSlot, id, "effect \(name(of: id)) has a slot of the effect table that holds its closure and names it back")
        } else if record.subgraph == 0 && effects[slot].memberPosition != -1 {
            check.fail(.effectSlot, id, "effect \(name(of: id)) of the root has no position among a subgraph's members")
        }
    }

    /// The effect table's side of ``Invariant/effectSlot``: free slots are empty and listed once,
    /// the others belong to live effects numbered as this graph numbers them, by its anchor.
    private func checkEffectTable(_ check: inout InvariantCheck) {
        var free = Set<Int32>()
        for slot in effects.freeSlots.elements(from: 0) where effects[slot].node != -1 || effects[slot].memberPosition != -1 || effects[slot].body != nil
            || !free.insert(slot).inserted {
            check.fail(.effectSlot, nil, "free slot \(slot) of the effect table is empty and listed once")
        }
        if anchor.graph?.takeUnretainedValue() !== self {
            check.fail(.effectSlot, nil, "the graph's anchor names the graph")
        }
        let numbers = anchor.firstSequence.load(ordering: .relaxed) ..< nextEffectSequence
        var numbersSeen = Set<Int>()
        for slot in 0 ..< effects.endIndex where !free.contains(slot) {
            let node = effects[slot].node, sequence = effects[slot].sequence
            if !table.isLive(node) || !table[node].flags.contains(.effect) || table[node].slot != slot {
                check.fail(.effectSlot, nil, "slot \(slot) of the effect table belongs to a live effect that names it")
            }
            if !numbers.contains(sequence) || !numbersSeen.insert(sequence).inserted {
                check.fail(.effectSlot, nil, "the effect in slot \(slot) has a creation number of this graph's (\(numbers)), used once; it has \(sequence)")
            }
        }
    }

    /// The node's side of ``Invariant/inputSlot``: an input names a slot of its store that names it
    /// back.
    private func checkInputSlot(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        guard record.flags.contains(.input), let store = record.box?.takeUnretainedValue() as? AnyInputStore else { return }
        let slot = record.slot
        if slot < 0 || slot >= store.endIndex || store.node(in: slot) != id {
            check.fail(.inputSlot, id, "input \(name(of: id)) has a slot of its store that names it back (slot \(slot))")
        }
    }

    /// The stores' side of ``Invariant/inputSlot``: each is filed under its value type, its free
    /// slots are listed once and name no node, and its other slots belong to live inputs that name
    /// them in this store.
    private func checkInputStores(_ check: inout InvariantCheck) {
        if let last = lastInputStore?.takeUnretainedValue(), inputStores[last.valueType] !== last {
            check.fail(.inputSlot, nil, "the input store used last is one of the graph's")
        }
        for (type, store) in inputStores {
            if store.valueType != type { check.fail(.inputSlot, nil, "the \(store.valueTypeName) store is filed under its type") }
            var free = Set<Int32>()
            for slot in store.freeSlots.elements(from: 0) where slot < 0 || slot >= store.endIndex || store.node(in: slot) != -1
                || !free.insert(slot).inserted {
                check.fail(.inputSlot, nil, "free slot \(slot) of the \(store.valueTypeName) store names no node and is listed once")
            }
            for slot in 0 ..< store.endIndex where !free.contains(slot) {
                let node = store.node(in: slot)
                if !table.isLive(node) || !table[node].flags.contains(.input) || table[node].slot != slot
                    || table[node].box?.takeUnretainedValue() !== store {
                    check.fail(.inputSlot, nil, "slot \(slot) of the \(store.valueTypeName) store belongs to a live input that names it")
                }
            }
        }
    }

    /// The node's side of ``Invariant/ruleSlot``: a rule names an entry of its store that names it
    /// back.
    private func checkRuleSlot(_ id: Int32, _ record: NodeRecord, _ check: inout InvariantCheck) {
        guard !record.flags.contains(.input), let store = record.box?.takeUnretainedValue() as? AnyRuleStore else { return }
        let slot = record.slot
        if slot < 0 || slot >= store.endIndex || store.node(in: slot) != id {
            check.fail(.ruleSlot, id, "rule \(name(of: id)) has a slot of its store that names it back (slot \(slot))")
        }
    }

    /// The stores' side of ``Invariant/ruleSlot``: each is filed under its key (and so are
    /// the recent ones), its free slots are listed once and name no node, its other slots belong
    /// to live rules that name them in this store, and every entry holds the graph's core.
    private func checkRuleStores(_ check: inout InvariantCheck) {
        let recent = recentRuleStores.compactMap { $0?.takeUnretainedValue() } + [lastRuleStore?.takeUnretainedValue()].compactMap { $0 }
        for store in recent where ruleStores[store.key] !== store {
            check.fail(.ruleSlot, nil, "the rule stores used recently are the graph's")
        }
        for (key, store) in ruleStores {
            if store.key != key {
                check.fail(.ruleSlot, nil, "the rule store of \(store.key.holdsBodies ? "bodies" : "closures") of \(store.valueTypeName) values is filed under its key")
            }
            var free = Set<Int32>()
            for slot in store.freeSlots.elements(from: 0) where slot < 0 || slot >= store.endIndex || store.node(in: slot) != -1
                || !free.insert(slot).inserted {
                check.fail(.ruleSlot, nil, "free slot \(slot) of the \(store.valueTypeName) rule store names no node and is listed once")
            }
            // A free entry holds no value: the next rule made there initialises it rather than
            // assigning over it.
            for slot in free where AnyRuleStore.header(store.entry(at: slot)).pointee.holdsValue {
                check.fail(.ruleSlot, nil, "free slot \(slot) of the \(store.valueTypeName) rule store holds no value")
            }
            for slot in 0 ..< store.endIndex where !free.contains(slot) {
                let node = store.node(in: slot)
                if !table.isLive(node) || table[node].flags.contains(.input) || table[node].slot != slot
                    || table[node].box?.takeUnretainedValue() !== store {
                    check.fail(.ruleSlot, nil, "slot \(slot) of the \(store.valueTypeName) rule store belongs to a live rule that names it")
                }
            }
            for slot in 0 ..< store.endIndex where AnyRuleStore.header(store.entry(at: slot)).pointee.core != core {
                check.fail(.ruleSlot, nil, "the entry of slot \(slot) of the \(store.valueTypeName) rule store holds the graph's core")
            }
        }
    }

    /// ``Invariant/inputPages``: the entries of each store's pages name the graph's core, the pages
    /// hold its slots, and those past its last slot handed out are free.
    private func checkInputPages(_ check: inout InvariantCheck) {
        for store in inputStores.values {
            if store.capacity < Int(store.endIndex) {
                check.fail(.inputPages, nil, "the pages of the \(store.valueTypeName) store hold its \(store.endIndex) slots")
                continue
            }
            for slot in 0 ..< Int32(store.capacity) where store.header(of: slot).pointee.core != core {
                check.fail(.inputPages, nil, "the entry of slot \(slot) of the \(store.valueTypeName) store names the graph's core")
            }
            if store.stagedCapacity != 0 && store.stagedCapacity != store.capacity {
                check.fail(.inputPages, nil, "the staged values of the \(store.valueTypeName) store have a slot for each of its \(store.capacity)")
            }
            for slot in store.endIndex ..< Int32(store.capacity) where store.node(in: slot) != -1 {
                check.fail(.inputPages, nil, "slot \(slot) of the \(store.valueTypeName) store, never handed out, is free")
            }
        }
    }

    /// A free slot's record is blank: what ``NodeTable/free(_:)`` leaves.
    private func checkFreeSlot(_ id: Int32, _ check: inout InvariantCheck) {
        let record = table[id]
        if record.flags != [] || !record.inputs.isEmpty || !record.outputs.isEmpty || record.nameIndex != -1
            || record.slot != -1 {
            check.fail(.freeSlots, id, "free slot #\(id) is blank")
        }
    }

    // MARK: Cyclic reads

    /// Records that the running closure read `id`, which is being brought up to date: the edge may
    /// stay pending while its reader is clean (see ``Invariant/cleanHasNoPendingInput``).
    func noteCyclicRead(of id: Int32) {
        guard recorder.isRecording else { return }
        let edge = CyclicReadEdge(input: id, reader: recorder.node)
        if !cyclicReadEdges.contains(edge) { cyclicReadEdges.append(edge) }
    }

    /// Forgets the cyclic reads whose edges no longer need an exception: the edge is gone or no
    /// longer pending (the reader ran again). Between updates only: during one, an edge read
    /// through a cycle is not pending yet.
    private func pruneCyclicReadEdges() {
        cyclicReadEdges.removeAll { edge in
            !table.isLive(edge.reader) || !table.isLive(edge.input)
                || table[edge.reader].inputs.firstIndex(of: edge.input) == nil || !isPending(from: edge.input, to: edge.reader)
        }
    }

    /// Forgets the cyclic reads of removed node `id`, whose slot will be reused.
    func forgetCyclicReads(ofRemoved id: Int32) {
        cyclicReadEdges.removeAll { $0.input == id || $0.reader == id }
    }
}

/// What one run of the checker found.
private struct InvariantCheck {
    var violations: [InvariantViolation] = []

    mutating func fail(_ invariant: Invariant, _ node: Int32?, _ message: String) {
        violations.append(InvariantViolation(invariant: invariant, node: node, message: message))
    }
}

/// The sets a window of record checks looks nodes up in, made when first needed.
private struct RecordCheckContext {
    private var queued: Set<Int32>?
    private var staged: Set<Int32>?

    /// The effects in the queue or in the round a flush is running.
    mutating func queuedEffects(of graph: Graph) -> Set<Int32> {
        if let queued { return queued }
        let made = Set(graph.flushEntries.filter(graph.isLive).map(\.node))
        queued = made
        return made
    }

    mutating func stagedInputs(of graph: Graph) -> Set<Int32> {
        if let staged { return staged }
        let made = Set(graph.stagedInputs.elements(from: 0))
        staged = made
        return made
    }
}
