/// A group of nodes created together and destroyed together, such as the nodes of one `ForEach`
/// row or of one `if` branch.
///
/// Nodes created inside ``withCurrent(_:)`` belong to the subgraph. A subgraph made while another
/// is current becomes its child and is destroyed with it. Once the body of ``withCurrent(_:)`` has
/// destroyed its own subgraph, what it makes next goes to the root if the subgraph was torn down at
/// once, or goes with the subgraph if its teardown waits for an evaluation in progress (see
/// ``destroy()``). ``destroy()`` removes the nodes and their
/// edges, releases their closures and values, and reuses their slots; nodes outside the subgraph
/// that read them lose those edges and re-run when next demanded.
public final class Subgraph: @unchecked Sendable {
    /// The name given at creation, shown in dumps.
    public let name: String
    /// The graph; `nil` once the subgraph was torn down or the graph deallocated, which clear it.
    ///
    /// This and ``parent`` are cleared by hand rather than `weak`: a weak reference gives the
    /// object it refers to a side table, after which every retain and release of it takes the
    /// runtime's slow path (about 150 of them per row of a views-bench build, for the graph).
    var graph: Graph? {
        get { graphStorage?.takeUnretainedValue() }
        set { graphStorage = newValue.map { .passUnretained($0) } }
    }
    /// ``graph``, not retained: making a node tests it for `nil` (``isTornDown``) without the
    /// retain and release that loading an `unowned(unsafe)` optional costs.
    private var graphStorage: Unmanaged<Graph>?
    /// Whether the subgraph was torn down (or its graph deallocated): ``graph`` is `nil`.
    var isTornDown: Bool { graphStorage == nil }
    /// Whether `graph` is this subgraph's graph (compared without retaining either).
    func belongs(to graph: Graph) -> Bool { graphStorage?.toOpaque() == Unmanaged.passUnretained(graph).toOpaque() }
    let index: Int32
    /// The subgraph this one was made in; `nil` once this one was torn down.
    unowned(unsafe) var parent: Subgraph?
    /// Ids of the member nodes, in creation order, with ``Subgraph/vacant`` where an effect
    /// cancelled on its own was (its entry in the effect table knows its position, so that leaving
    /// takes constant time however many members the subgraph has: ``Graph/vacate(_:at:of:)``); the
    /// last entry is never vacant, except while the subgraph's teardown removes its members
    /// (``Graph/removeNodes(of:)``). Exempt from dynamic exclusivity checks, as the graph's
    /// node-creation state is (every node made appends to it, under the update lock); so are
    /// ``children`` and ``isDestroyed``, which making a subgraph or entering one touches.
    @exclusivity(unchecked) var nodes: [Int32] = []
    /// How many entries of ``nodes`` are vacant.
    @exclusivity(unchecked) var vacancies = 0
    /// The subgraphs made in this one and not yet torn down, in no particular order (one that
    /// goes takes the last one's place: ``removeChild(_:)``).
    @exclusivity(unchecked) var children: [Subgraph] = []
    /// Where this subgraph is in its parent's ``children``, so that leaving them takes constant
    /// time however many siblings it has (a list row among thousands); -1 without a parent.
    @exclusivity(unchecked) var positionInParent = -1

    /// Whether ``destroy()`` was called. Its nodes may live on until the evaluation that was in
    /// progress at that moment finishes.
    @exclusivity(unchecked) public internal(set) var isDestroyed = false

    init(name: String, graph: Graph, index: Int32, parent: Subgraph?) {
        self.name = name
        graphStorage = .passUnretained(graph)
        self.index = index
        self.parent = parent
        // Room for a list row's nodes (some 50 in views-bench) in two allocations, not six.
        nodes.reserveCapacity(32)
    }

    /// Number of live nodes that belong directly to this subgraph.
    public var nodeCount: Int { nodes.count - vacancies }

    /// The entry of ``nodes`` where a member cancelled on its own was.
    static var vacant: Int32 { -1 }

    /// Removes the vacancies at the end of ``nodes``, so that its last entry is a member.
    @inline(__always)
    func dropTrailingVacancies() {
        while nodes.last == Subgraph.vacant {
            nodes.removeLast()
            vacancies -= 1
        }
    }

    /// Adds node `id` as the newest member; returns its position in ``nodes``.
    @inline(__always)
    func add(_ id: Int32) -> Int32 {
        nodes.append(id)
        return Int32(truncatingIfNeeded: nodes.count &- 1)
    }

    /// Takes `child` out of ``children`` in constant time: the last child takes its place.
    func removeChild(_ child: Subgraph) {
        let position = child.positionInParent
        assert(children[position] === child, "Constraints: a subgraph is where its position says among its parent's children")
        let last = children.removeLast()
        if last !== child {
            children[position] = last
            last.positionInParent = position
        }
        child.positionInParent = -1
    }

    /// Runs `body` with this subgraph current: nodes and subgraphs it creates belong here.
    public func withCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
        precondition(!isDestroyed, "Constraints: cannot add nodes to subgraph '\(name)': it was destroyed")
        guard let graph else { preconditionFailure("Constraints: the graph of subgraph '\(name)' no longer exists") }
        return try graph.withCurrentSubgraphChecked(self, body)
    }

    /// Destroys the subgraph, its child subgraphs and all their nodes.
    ///
    /// Called while an evaluation is in progress (for example from a rule that rebuilds a list),
    /// the teardown waits until that evaluation finishes, so no node disappears from under it;
    /// called from a value's `==` while the graph compares a written value, it waits until the
    /// write is done.
    public func destroy() {
        guard !isDestroyed, let graph else { return }
        isDestroyed = true
        if graph.defersTeardowns {
            // The graph runs and releases its deferred teardowns, so it outlives this closure.
            graph.deferredTeardowns.append { [unowned(unsafe) graph] in graph.tearDown(self) }
        } else {
            graph.tearDown(self)
        }
    }
}

extension Graph {
    /// The subgraph new nodes are added to, or `nil` for the root of the graph.
    public var currentSubgraph: Subgraph? { currentSubgraphStorage?.takeUnretainedValue() }

    /// The subgraph that nodes and subgraphs made now join: the current one, unless the body it is
    /// current for tore it down. A torn-down subgraph takes no more members: nothing would tear
    /// down its nodes, and a child would keep an `unowned(unsafe)` reference to it after it goes.
    /// They go to the root instead (`nil`).
    @inline(__always)
    var subgraphForNewMembers: Unmanaged<Subgraph>? {
        guard let current = currentSubgraphStorage, !current._withUnsafeGuaranteedRef({ $0.isTornDown }) else { return nil }
        return current
    }

    /// Runs `body` with `subgraph` current (`nil`: the root), so that nodes created lazily — for
    /// example during an evaluation that happens inside another subgraph's ``Subgraph/withCurrent(_:)``
    /// — land where their owner lives. `subgraph` must belong to this graph and not be destroyed;
    /// the program stops with a message otherwise (a subgraph of another graph would take this
    /// graph's nodes and subgraphs, and keep references to them after either graph went).
    public func withCurrentSubgraph<Result>(_ subgraph: Subgraph?, _ body: () throws -> Result) rethrows -> Result {
        if let subgraph { checkCanBeCurrent(subgraph) }
        return try withCurrentSubgraphChecked(subgraph, body)
    }

    /// ``withCurrentSubgraph(_:_:)`` for a subgraph known to be one of this graph's that is not
    /// destroyed (``Subgraph/withCurrent(_:)`` checks that itself).
    @inline(__always)
    func withCurrentSubgraphChecked<Result>(_ subgraph: Subgraph?, _ body: () throws -> Result) rethrows -> Result {
        let previous = currentSubgraphStorage
        currentSubgraphStorage = subgraph.map { .passUnretained($0) }
        defer { currentSubgraphStorage = previous }
        return try body()
    }

    /// Stops the program with a message if `subgraph` cannot be made current: it was destroyed, or
    /// it belongs to another graph.
    private func checkCanBeCurrent(_ subgraph: Subgraph) {
        precondition(!subgraph.isDestroyed, "Constraints: cannot add nodes to subgraph '\(subgraph.name)': it was destroyed")
        precondition(subgraph.belongs(to: self), "Constraints: subgraph '\(subgraph.name)' belongs to another graph")
    }

    /// Makes a subgraph; it is a child of the current subgraph, if any, and not torn down (see
    /// ``Subgraph``).
    public func makeSubgraph(name: String) -> Subgraph {
        let index: Int32
        if let reused = freeSubgraphIndices.popLast() {
            index = reused
        } else {
            index = Int32(subgraphTable.count)
            subgraphTable.append(nil)
        }
        let parent = subgraphForNewMembers?.takeUnretainedValue()
        let subgraph = Subgraph(name: name, graph: self, index: index, parent: parent)
        subgraphTable[Int(index)] = subgraph
        if let parent {
            subgraph.positionInParent = parent.children.count
            parent.children.append(subgraph)
        }
        return subgraph
    }

    /// Removes `subgraph`, its descendants (deepest first; siblings in no set order, since one that
    /// went earlier moved another into its place) and their nodes (newest first).
    ///
    /// Releasing a node's closure or value may run code (a `deinit`) that cancels effects or
    /// destroys subgraphs meanwhile; the invariants are checked once the outermost teardown ends.
    func tearDown(_ subgraph: Subgraph) {
        // Destroyed during an evaluation after its parent was (both teardowns waited), it went
        // with the parent's, which cleared its graph.
        guard !subgraph.isTornDown else { return }
        teardownDepth += 1
        subgraph.parent?.removeChild(subgraph)
        if subgraph.children.isEmpty {
            // A leaf (a list row, typically): no order to work out, and no arrays made for one.
            subgraph.isDestroyed = true
            dismantle(subgraph)
        } else {
            var order: [Subgraph] = []
            var pending = [subgraph]
            while let next = pending.popLast() {
                order.append(next)
                pending.append(contentsOf: next.children)
            }
            // All are destroyed before any node goes, so that a `deinit` run by the removals below
            // that destroys one of them finds it destroyed already, rather than tearing it down a
            // second time (and freeing its index twice).
            for member in order { member.isDestroyed = true }
            for member in order.reversed() { dismantle(member) }
        }
        teardownDepth -= 1
        checkInvariantsAfterOutermostMark()
    }

    /// Removes the nodes of `member`, a destroyed subgraph being torn down, and takes it out of
    /// the graph.
    private func dismantle(_ member: Subgraph) {
        removeNodes(of: member)
        member.nodes = []
        // Its children went before it; one made in it meanwhile (from a `deinit` the removals ran)
        // becomes a root, which nothing tears down with it.
        for child in member.children where !child.isTornDown {
            child.parent = nil
            child.positionInParent = -1
        }
        member.children = []
        member.graph = nil
        member.parent = nil
        member.positionInParent = -1
        subgraphTable[Int(member.index)] = nil
        freeSubgraphIndices.append(member.index)
    }

    /// Clears the graph and parent of every live subgraph, as the graph goes (see
    /// ``Subgraph/graph``).
    func detachSubgraphs() {
        for subgraph in subgraphTable {
            subgraph?.graph = nil
            subgraph?.parent = nil
            subgraph?.positionInParent = -1
        }
    }

    /// Removes effect `id`, cancelled on its own rather than with its whole subgraph.
    func removeEffect(_ id: Int32) {
        let subgraph = table[id].subgraph
        if subgraph != 0, let subgraph = subgraphTable[Int(subgraph)].map(Unmanaged.passUnretained) {
            subgraph._withUnsafeGuaranteedRef { vacate(id, at: Int(effects[table[id].slot].memberPosition), of: $0) }
        }
        detachEffect(id)
        checkInvariantsAfterOutermostMark()
    }

    /// Takes member `id`, at `position`, out of `subgraph`'s ``Subgraph/nodes`` in constant time
    /// (amortised), keeping the others in creation order: the newest goes, with the vacancies
    /// before it; any other leaves a vacancy. Once vacancies are more than half the list (and more
    /// than a few: ``isDueForCompaction(dead:of:)``), the members close ranks and each effect among
    /// them is told its new position, which costs no more than the removals that made the vacancies.
    @inline(__always)
    func vacate(_ id: Int32, at position: Int, of subgraph: Subgraph) {
        // Checked in every build: a wrong position would take another member out of the list,
        // which the subgraph's teardown would then never remove.
        precondition(subgraph.nodes[position] == id, "Constraints: an effect is where it knows it is among its subgraph's members")
        if position == subgraph.nodes.count - 1 {
            subgraph.nodes.removeLast()
            subgraph.dropTrailingVacancies()
            return
        }
        subgraph.nodes[position] = Subgraph.vacant
        subgraph.vacancies += 1
        if Self.isDueForCompaction(dead: subgraph.vacancies, of: subgraph.nodes.count) { closeRanks(of: subgraph) }
    }

    /// Moves the members of `subgraph` over its vacancies, in order, and tells each effect among
    /// them its new position (see ``vacate(_:at:of:)``).
    private func closeRanks(of subgraph: Subgraph) {
        var kept = 0
        for index in subgraph.nodes.indices where subgraph.nodes[index] != Subgraph.vacant {
            let id = subgraph.nodes[index]
            subgraph.nodes[kept] = id
            if table[id].flags.contains(.effect) { effects[table[id].slot].memberPosition = Int32(truncatingIfNeeded: kept) }
            kept += 1
        }
        subgraph.nodes.removeLast(subgraph.nodes.count - kept)
        subgraph.vacancies = 0
    }

    /// Whether a list that holds `dead` entries among its `count` should drop them now: once they
    /// are more than half the list, so that the pass over it costs no more than the removals that
    /// left them, and more than a few, so that a short list is not compacted at every other
    /// removal. A subgraph's members (``vacate(_:at:of:)``), the effect queue
    /// (``countCancelledQueueEntry()``) and the staging list (``countStagedEntryOfDestroyedInput()``)
    /// leave dead entries behind rather than search for them, and compact by this rule.
    @inline(__always)
    static func isDueForCompaction(dead: Int, of count: Int) -> Bool {
        dead > 8 && 2 * dead > count
    }

    /// What ``detachNode(_:)`` does for effect `id`, which is less than for other nodes: an effect
    /// has input edges only (nothing reads it, so it has no readers to mark and no edge to itself),
    /// no staged write and no box. Its closure is released last, once its node and slot are free,
    /// since releasing it may run code that uses the graph.
    @inline(__always)
    private func detachEffect(_ id: Int32) {
        let record = table[id]
        assert(record.flags.contains(.effect) && record.outputs.isEmpty, "Constraints: an effect has no readers")
        let inputs = record.inputs
        for index in 0 ..< inputs.count {
            removeEdge(from: inputs[index], to: id, at: inputs.mirror(at: index))
        }
        table[id].inputs.deallocate(in: &inputBlocks)
        // Its entry, if it has one, stays in the flush's queue, or in the round in progress, which
        // keeps the entries of effects that already ran until the round ends: the flush skips it
        // (see `QueuedEffect`). Noted before the closure's release, which may flush.
        let leavesQueueEntry = record.flags.contains(.queued) && !isFlushing
        if record.flags.contains(.queued) || isFlushing { queueHoldsCancelledEffects = true }
        if !cyclicReadEdges.isEmpty { forgetCyclicReads(ofRemoved: id) }
        table.free(id)
        effects.free(record.slot)
        if leavesQueueEntry { countCancelledQueueEntry() }
    }

    /// Removes the nodes of `subgraph` from the graph (newest first): their edges on both sides,
    /// their closures and their slots. Readers outside the removed set lose the edge and are forced
    /// to re-run when next demanded.
    ///
    /// Each node leaves the member list before it is detached, so that a removal that detaching it
    /// causes (releasing an effect's closure runs a `deinit` that cancels another effect of the
    /// subgraph) finds the list as it is, and the node is not detached twice.
    func removeNodes(of subgraph: Subgraph) {
        while let id = subgraph.nodes.popLast() {
            if id == Subgraph.vacant {
                subgraph.vacancies -= 1
            } else {
                detachNode(id)
            }
        }
    }

    /// Removes node `id` from the graph, its edges on both sides and its slot, and drops its body
    /// and value (``NodeStorage/detach(slot:)``) or an effect's closure. Nothing it drops is a
    /// node: a handle holds its node's store (which the graph holds too), so dropping a body that
    /// captured the handles of other nodes never cascades along a chain of nodes.
    private func detachNode(_ id: Int32) {
        // Checked in every build: a rule's run borrows its body from its entry
        // (``RuleStore/runBody(at:)``), which destroying it would replace under the call.
        precondition(!table[id].flags.contains(.visiting), "Constraints: a node is not destroyed while it is being evaluated")
        if table[id].flags.contains(.effect) {
            detachEffect(id)
            return
        }
        let inputs = table[id].inputs
        for index in 0 ..< inputs.count {
            if inputs[index] != id {
                removeEdge(from: inputs[index], to: id, at: inputs.mirror(at: index))
            } else {
                // A rule that read itself through a cycle: the edge goes with the node.
                countRemovedEdge(of: id)
            }
        }
        table[id].inputs.deallocate(in: &inputBlocks)
        var outputs = table[id].outputs
        table[id].outputs = EdgeList()
        for index in 0 ..< outputs.count where outputs[index] != id {
            let reader = outputs[index]
            if let position = table[reader].inputs.firstIndex(of: id) {
                table[reader].inputs.remove(at: position, in: &inputBlocks)
            }
            countRemovedEdge(of: reader)
            table[reader].flags.insert(.forceRun)
            markNodeAndReaders(reader)
        }
        outputs.deallocate(in: &outputBlocks)
        let hadStagedWrite = table[id].flags.contains(.pendingWrite)
        if !cyclicReadEdges.isEmpty { forgetCyclicReads(ofRemoved: id) }
        let slot = table[id].slot
        guard let box = table[id].box else { preconditionFailure("Constraints: only an effect has no box") }
        // A rule's body and value, or an input's value, are released last, once its slots are
        // free, like an effect's closure. The graph holds the store, so the call needs no retain
        // of it.
        table.free(id)
        // The staging list keeps the input's entry, which a later pass drops: taking it out here
        // searched the list, for each of a list's rows destroyed in the batch that wrote them.
        if hadStagedWrite { countStagedEntryOfDestroyedInput() }
        box._withUnsafeGuaranteedRef { $0.detach(slot: slot) }
    }
}
