/// A closure run for its side effects: once when created, then by ``Graph/flush()`` whenever
/// something it read changed. Effects run in creation order and may write inputs.
///
/// A handle holds nothing alive: like ``Input`` and ``Rule``, it may outlive its effect and its
/// graph, and copying or dropping it costs no reference counting.
public struct Effect: @unchecked Sendable {
    /// Where the graph is found while it exists. Not retained, and read through
    /// `_withUnsafeGuaranteedRef`, so with no retain either: anchors are never freed (see
    /// ``GraphAnchor``).
    let anchor: Unmanaged<GraphAnchor>
    /// The effect's node id, while the effect is active (a later node may reuse it).
    let nodeID: Int32
    /// The effect's creation number, which tells this effect from any later node with the same
    /// id, and this graph from a later graph that reuses the anchor (see ``GraphAnchor``).
    let sequence: Int

    /// Stops the effect and drops its edges. Cancelling twice does nothing.
    public func cancel() {
        // A live graph is borrowed, not retained.
        graph?._withUnsafeGuaranteedRef { $0.cancelEffect(nodeID, sequence: sequence) }
    }

    /// Whether the effect is still active.
    public var isActive: Bool { liveGraph != nil }

    /// The graph, while the effect is active in it; `nil` once cancelled, destroyed with its
    /// subgraph, or gone with the graph.
    var liveGraph: Graph? {
        guard let graph = graph?.takeUnretainedValue(), graph.isLiveEffect(nodeID, sequence: sequence) else { return nil }
        return graph
    }

    /// The effect's graph while it exists, unretained; `nil` once it is gone, without looking at
    /// a later graph that took its anchor (see ``GraphAnchor/firstSequence``).
    private var graph: Unmanaged<Graph>? {
        anchor._withUnsafeGuaranteedRef { $0.graph(madeEffect: sequence) }
    }
}

extension Graph {
    /// Runs the effects whose inputs changed, in creation order, until none is left.
    ///
    /// An effect that writes inputs can make others (or itself, in a later round) out of date; the
    /// flush continues with them. After ``maximumFlushRounds`` rounds it stops and reports
    /// ``Diagnostic/flushDidNotConverge(rounds:effects:)`` instead of looping forever.
    ///
    /// Each round takes the whole queue: a single effect straight from it, several by swapping
    /// the storage of ``effectQueue`` and ``effectRound`` (so nothing is copied or allocated) and
    /// sorting them by creation; effects marked while the round runs wait in the emptied queue for
    /// the next one.
    public func flush() {
        // From a written value's `==` too: the teardowns it requested wait for the write, and a
        // flush would run the effects of a subgraph already destroyed.
        guard walkStack.isEmpty && !isComparingWrittenValue else {
            report(.flushDuringEvaluation)
            return
        }
        // A flush started while one runs (from a teardown between two effects) leaves the queue
        // to the running one, which goes on until it is empty.
        guard !isFlushing, !effectQueue.isEmpty else { return }
        isFlushing = true
        defer { isFlushing = false }
        watchStackFromHere()
        var rounds = 0
        while !effectQueue.isEmpty {
            if rounds == maximumFlushRounds {
                let waiting = effectQueue.elements(from: 0).filter(isLive)
                // Entries of effects cancelled in the last round are no effect left to run.
                guard waiting.isEmpty else {
                    report(.flushDidNotConverge(rounds: rounds, effects: waiting.map { name(of: $0.node) }))
                    return
                }
                effectQueue.truncate(to: 0)
                break
            }
            rounds += 1
            if effectQueue.count == 1 {
                // A round of one effect has nothing to sort, and nothing can remove the effect
                // between taking it and running it, so it is taken straight from the queue.
                runQueuedEffect(effectQueue.removeLast())
            } else {
                runEffectRound()
            }
        }
        // Every entry was taken, those of cancelled effects with the others.
        queueHoldsCancelledEffects = false
        cancelledQueueEntries = 0
    }

    /// Runs a round of several effects: takes the whole queue and runs its effects in creation
    /// order. A call of its own, so that the loop is compiled apart from the round of one effect.
    @inline(never)
    private func runEffectRound() {
        swap(&effectQueue, &effectRound)
        sortEffectRoundByCreation()
        // An effect cancelled during the round (by one that ran before it) is skipped when its
        // entry comes up, as in the queue.
        for index in 0 ..< effectRound.count { runQueuedEffect(effectRound[index]) }
        effectRound.truncate(to: 0)
    }

    /// Runs the effect of `entry`, just taken from the queue, if what it read changed; skips an
    /// entry whose effect was cancelled since it was queued (see ``QueuedEffect``).
    @inline(__always)
    private func runQueuedEffect(_ entry: QueuedEffect) {
        let id = entry.node
        guard !queueHoldsCancelledEffects || isLive(entry) else { return }
        assert(table[id].flags.contains(.queued), "Constraints: an effect in a flush round is queued")
        let flags = table[id].flags.subtracting(.queued)
        table[id].flags = flags
        // An effect of inputs that are up to date (the common case: a batch of writes to inputs
        // it reads) is decided without setting up a walk.
        if !bringUpToDateWithCleanInputs(id, flags: flags, inlineEffect: true) { bringUpToDate(id) }
    }

    /// Sorts ``effectRound`` by creation (``EffectTable/Entry/sequence``), the order effects run in.
    @inline(__always)
    private func sortEffectRoundByCreation() {
        var entries = UnsafeMutableBufferPointer(start: effectRound.base, count: effectRound.count)
        // Marks usually queue effects in creation order already (readers are listed in the order
        // they first read), and checking that is cheaper than sorting. (A cancelled effect's entry
        // sorts by its number too; it is skipped when it comes up.)
        if (1 ..< entries.count).allSatisfy({ entries[$0 - 1].sequence < entries[$0].sequence }) { return }
        entries.sort { $0.sequence < $1.sequence }
    }

    /// Queues effect `id` for ``flush()``, unless its flags (`flags`, updated here) say it is
    /// queued already. Inlined: the mark's lanes queue an effect as they mark it.
    @inline(__always)
    func queue(effect id: Int32, flags: inout NodeFlags) {
        guard !flags.contains(.queued) else { return }
        flags.insert(.queued)
        effectQueue.append(QueuedEffect(node: id, sequence: effects.base[Int(table[id].slot)].sequence))
    }

    /// Whether effects are waiting for ``flush()``: something they read was marked since they
    /// last ran.
    public var hasPendingEffects: Bool {
        guard queueHoldsCancelledEffects else { return !effectQueue.isEmpty }
        return effectQueue.elements(from: 0).contains(where: isLive)
    }

    /// Counts an entry that the cancellation of a queued effect left in ``effectQueue`` outside a
    /// flush, and drops such entries once they are due (``isDueForCompaction(dead:of:)``), so that
    /// a program that cancels queued effects and seldom flushes keeps a queue no longer than twice
    /// its waiting effects.
    func countCancelledQueueEntry() {
        cancelledQueueEntries += 1
        guard !isFlushing && Self.isDueForCompaction(dead: cancelledQueueEntries, of: effectQueue.count) else { return }
        var kept = 0
        for index in 0 ..< effectQueue.count where isLive(effectQueue[index]) {
            effectQueue[kept] = effectQueue[index]
            kept += 1
        }
        effectQueue.truncate(to: kept)
        // Outside a flush, the queue was the only list with entries.
        queueHoldsCancelledEffects = false
        cancelledQueueEntries = 0
    }

    /// Whether the effects waiting for ``flush()`` may run off the main thread now: none of them
    /// is below a dirty node that requires the main thread (as ``GraphNode/allowsAsyncUpdate`` says
    /// of a node).
    public var pendingEffectsAllowAsyncUpdate: Bool {
        effectQueue.elements(from: 0).allSatisfy { entry in
            (queueHoldsCancelledEffects && !isLive(entry)) || !table[entry.node].flags.contains(.mainThread)
        }
    }

    /// Whether the effect of queue entry `entry` is still active: not cancelled since it was
    /// queued (see ``QueuedEffect``).
    @inline(__always)
    func isLive(_ entry: QueuedEffect) -> Bool {
        isLiveEffect(entry.node, sequence: entry.sequence)
    }

    /// Whether node `id` is the effect made `sequence`-th (see ``EffectTable``), still active.
    func isLiveEffect(_ id: Int32, sequence: Int) -> Bool {
        // A handle's id is one of this graph's nodes (its anchor's other graphs are told apart
        // before, see ``GraphAnchor``), so this holds; checked in every build all the same, as a
        // defence against a mistake there, since a record past the table is not one.
        guard id >= 0 && id < table.endIndex else { return false }
        let record = table[id]
        return record.flags.contains(.effect) && effects.base[Int(record.slot)].sequence == sequence
    }

    /// Cancels effect `id`, made `sequence`-th, unless it is no longer active. During an update it
    /// is removed when the update finishes. (From a written value's `==` it goes at once: removing
    /// an effect frees no input's slot, and no flush runs meanwhile.)
    func cancelEffect(_ id: Int32, sequence: Int) {
        guard isLiveEffect(id, sequence: sequence) else { return }
        if isUpdating {
            deferCancellation(of: id, sequence: sequence)
        } else {
            removeEffect(id)
        }
    }

    /// Cancels effect `id`, made `sequence`-th, when the update in progress finishes. A call of
    /// its own, which keeps the closure it makes out of the common path of ``Effect/cancel()``.
    @inline(never)
    private func deferCancellation(of id: Int32, sequence: Int) {
        // The graph runs and releases its deferred teardowns, so it outlives this closure (a weak
        // capture would give the graph a side table; see ``Subgraph/graph``).
        deferredTeardowns.append { [unowned(unsafe) self] in
            if self.isLiveEffect(id, sequence: sequence) { self.removeEffect(id) }
        }
    }

    /// Runs the closure of effect `id` (see ``run(_:)``).
    ///
    /// The closure is moved out of its slot for the run and put back after it: a copy, which
    /// would keep it alive as long, cost a retain and a release per run (and called as an
    /// optional, `body?()`, it was copied even when moved out). Its slot still belongs to the
    /// effect after the run, since a cancellation or teardown during a walk waits for the walk to
    /// end (the effect is on the walk's stack while it runs); only the table may have moved (an
    /// effect made in the closure can grow it), so the slot is found again.
    @inline(__always)
    func runEffectBody(_ id: Int32) {
        let slot = table[id].slot
        let sequence = effects[slot].sequence
        // Unwrapped with `!`: `unsafelyUnwrapped`, generic over the wrapped type, wrapped the
        // closure in a reabstraction thunk, allocated at every run.
        let body = effects[slot].body!
        effects[slot].body = nil
        body()
        // Checked in every build, by the creation number that no other effect shares: putting the
        // closure back into a slot that another effect took would corrupt it silently.
        precondition(effects[slot].sequence == sequence, "Constraints: a running effect keeps its slot")
        assert(effects[slot].body == nil, "Constraints: a running effect's slot stays empty while it runs")
        effects[slot].body = body
    }
}

/// An effect waiting in ``Graph/effectQueue`` or in a flush round: its node and creation number.
///
/// Cancelling a queued effect leaves its entry where it is, since finding it would take a search
/// of the queue (a list's rows can go with thousands of effects queued), and notes that the lists
/// may hold such entries (``Graph/queueHoldsCancelledEffects``; so does any cancellation during a
/// flush, since a round keeps the entries of the effects it ran until it ends): the flush then
/// skips each entry whose number no longer names a live effect, even if a later effect took the
/// node id, and looks at no number otherwise. Outside a flush, such entries are dropped once they
/// are more than half the queue (``Graph/countCancelledQueueEntry()``). The number is also what a
/// round is sorted by.
struct QueuedEffect {
    var node: Int32
    var sequence: Int
}
