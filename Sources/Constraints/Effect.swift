/// A closure run for its side effects: once when created, then by ``Graph/flush()`` whenever
/// something it read changed. Effects run in creation order and may write inputs.
public struct Effect: @unchecked Sendable {
    let box: EffectBox

    /// Stops the effect and drops its edges. Cancelling twice does nothing.
    public func cancel() {
        guard box.id >= 0 else { return }
        box.graph.cancel(box)
    }

    /// Whether the effect is still active.
    public var isActive: Bool { box.id >= 0 }

}

extension Graph {
    /// Runs the effects whose inputs changed, in creation order, until none is left.
    ///
    /// An effect that writes inputs can make others (or itself, in a later round) out of date; the
    /// flush continues with them. After ``maximumFlushRounds`` rounds it stops and reports
    /// ``Diagnostic/flushDidNotConverge(rounds:effects:)`` instead of looping forever.
    public func flush() {
        guard walkStack.isEmpty else {
            report(.flushDuringEvaluation)
            return
        }
        watchStackFromHere()
        var rounds = 0
        while !effectQueue.isEmpty {
            effectQueue.sort { effectSequence($0) < effectSequence($1) }
            if rounds == maximumFlushRounds {
                report(.flushDidNotConverge(rounds: rounds, effects: effectQueue.map { name(of: $0) }))
                return
            }
            rounds += 1
            // The round leaves the queue, which collects the next round meanwhile; the graph keeps
            // it (in ``effectRound``) so that the invariant checker sees where queued effects are.
            // An effect removed meanwhile leaves -1 in the round (see ``removeNodes(_:)``).
            swap(&effectQueue, &effectRound)
            var index = 0
            while index < effectRound.count {
                let id = effectRound[index]
                index += 1
                if id >= 0 && table[id].flags.contains(.queued) {
                    table[id].flags.remove(.queued)
                    bringUpToDate(id)
                }
            }
            effectRound.removeAll(keepingCapacity: true)
        }
    }

    /// Whether effects may be waiting for ``flush()``: something they read was marked since they
    /// last ran. (The queue may also hold effects cancelled since, which a flush skips.)
    public var hasPendingEffects: Bool { !effectQueue.isEmpty }

    /// Whether the effects waiting for ``flush()`` may run off the main thread now: none of them
    /// is below a dirty node that requires the main thread (as ``GraphNode/allowsAsyncUpdate`` says
    /// of a node).
    public var pendingEffectsAllowAsyncUpdate: Bool {
        effectQueue.allSatisfy { id in
            !table.isLive(id) || !table[id].flags.isSuperset(of: [.queued, .mainThread])
        }
    }

    private func effectSequence(_ id: Int32) -> Int {
        unsafeDowncast(box(of: id), to: EffectBox.self).sequence
    }

    func cancel(_ box: EffectBox) {
        let id = box.id
        if isUpdating {
            // The graph runs and releases its deferred teardowns, so it outlives this closure (a
            // weak capture would give the graph a side table; see ``Subgraph/graph``).
            deferredTeardowns.append { [unowned(unsafe) self] in
                if box.id >= 0 { self.removeSingleNode(id) }
            }
            return
        }
        removeSingleNode(id)
    }
}
