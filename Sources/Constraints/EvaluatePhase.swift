/// An entry of the evaluate phase's explicit stack: a node being brought up to date and the index
/// of the next input edge to check.
struct WalkFrame {
    var node: Int32
    var nextInput: Int32
}

extension Graph {
    /// Hudson's evaluate phase: brings `root` up to date.
    ///
    /// A node that never ran (or lost an input) runs. A node that is not out of date is left alone.
    /// Otherwise its input edges are walked in the order it last read them: each input is first
    /// brought up to date itself (recording no edge), and as soon as one edge is pending — the
    /// input's value changed after the node last ran — the node re-runs and the walk stops, because
    /// the closure may no longer read the later inputs. If no edge is pending, the mark is cleared
    /// without running anything.
    ///
    /// The walk uses an explicit stack, so bringing a deep, already-evaluated graph up to date costs
    /// no call-stack depth. Closures that read nodes they did not read before may nest further walks.
    @inline(__always)
    func bringUpToDate(_ root: Int32) {
        let enclosing = recorder  // each run installs its own; endWalk restores this one
        let base = walkStack.count
        walkStack.append(WalkFrame(node: root, nextInput: 0))
        var flags = table[root].flags.union(.visiting)
        table[root].flags = flags
        var id = root
        var next = 0
        walk: while true {
            // Decide whether `id` (whose flags are `flags`) must run, checking its input edges from
            // `next` on and descending into the first input that is itself out of date.
            // A rule that never ran has `forceRun` too, so it covers "no value yet".
            var mustRun = flags.contains(.forceRun)
            if !mustRun && flags.contains(.dirty) {
                let inputs = table[id].inputs
                let ranAt = table[id].ranAt
                while true {
                    let input = inputs.id(at: next)
                    if input < 0 { break }
                    let inputFlags = table[input].flags
                    if !inputFlags.isDisjoint(with: NodeFlags.needsAttention) {
                        if inputFlags.contains(.visiting) {
                            // A recorded dependency cycle: re-run, and the closure's own read of
                            // `input` reports the cycle.
                            mustRun = true
                            break
                        }
                        walkStack[walkStack.count &- 1].nextInput = Int32(truncatingIfNeeded: next)
                        walkStack.append(WalkFrame(node: input, nextInput: 0))
                        flags = inputFlags.union(.visiting)
                        table[input].flags = flags
                        id = input
                        next = 0
                        // Only from a chain into a chain: elsewhere (cellx's two-input nodes) the
                        // lane would stop at once, and the call is not worth it.
                        if inputs.isSingle && flags.isOnlyDirty && table[id].inputs.isSingle {
                            (id, flags) = descendChain(from: id, flags: flags)
                        }
                        continue walk
                    }
                    if table[input].changedAt > ranAt {
                        mustRun = true
                        break
                    }
                    next += 1
                }
            }
            // `id` is decided. Finish it, then each waiting reader whose edge from it is pending.
            while true {
                if mustRun {
                    if walkStack.count == base &+ 1 {
                        // Only the root is left: it runs here, without the climb's call.
                        run(id)
                        walkStack.removeLast()
                        break walk
                    }
                    if runAndClimb(&id, to: base) { break walk }
                    mustRun = false
                } else if unwindUnchanged(&id, to: base, readerMustRun: &mustRun) {
                    break walk
                }
                if !mustRun {
                    // The edge is not pending: go on with the reader's next input, if it has one.
                    next = Int(walkStack[walkStack.count &- 1].nextInput) + 1
                    if table[id].inputs.id(at: next) >= 0 {
                        flags = table[id].flags
                        continue walk
                    }
                }
            }
        }
        endWalk(restoring: enclosing)
    }

    /// Runs `id`, on top of the walk's stack, and pops it; then does the same for each waiting
    /// reader whose edge from the node below is pending. Returns `true` when the stack is back at
    /// `base`; otherwise leaves `id` at the reader on top, whose edge from the node below is not
    /// pending. Up a chain of changes, this loop is the whole walk; it is a function of its own so
    /// that it keeps its few values in registers.
    @inline(never)
    private func runAndClimb(_ id: inout Int32, to base: Int) -> Bool {
        var node = id
        defer { id = node }
        while true {
            let changedAt = run(node).pointee.changedAt
            walkStack.removeLast()
            if walkStack.count == base { return true }
            let reader = walkStack[walkStack.count &- 1].node
            let pending = changedAt > table[reader].ranAt
            node = reader
            if !pending { return false }
        }
    }

    /// What every walk does last: restores the recorder it started with, and after the outermost
    /// walk does the work that waited for it.
    @inline(__always)
    private func endWalk(restoring enclosing: ReadRecorder) {
        recorder = enclosing
        if walkStack.count == 0 && hasWorkAfterUpdate { didFinishOutermostUpdate() }
    }

    /// ``bringUpToDate(_:)`` for a node (whose flags are `flags`) that is out of date but neither
    /// forced to run nor being brought up to date already, and whose only input needs no
    /// evaluation: the leaves of a walk, such as the terms of a sum read one after another.
    /// Returns `false`, doing nothing, for any other node.
    @inline(__always)
    func bringUpToDateWithCleanInput(_ id: Int32, flags: NodeFlags) -> Bool {
        guard flags.isOnlyOutOfDate else { return false }
        let inputs = table[id].inputs
        guard inputs.isSingle else { return false }
        let input = inputs.singleRecord(in: table.base)
        guard input.pointee.flags.isDisjoint(with: NodeFlags.needsAttention) else { return false }
        if input.pointee.changedAt > table[id].ranAt {
            let enclosing = recorder  // each run installs its own; endWalk restores this one
            // On the stack while it runs, so that a cycle through it is reported with its name.
            table[id].flags = flags.union(.visiting)
            walkStack.append(WalkFrame(node: id, nextInput: 0))
            run(id)
            walkStack.removeLast()
            endWalk(restoring: enclosing)
        } else {
            table[id].flags.remove([.dirty, .mainThread])
        }
        return true
    }

    /// The walk's fast lane down a chain: from `start` (with flags `startFlags`), a rule that is
    /// out of date but not forced to run, descends while the only input of the last node pushed
    /// ``NodeFlags/isOnlyOutOfDate``, pushing it. Returns the last node pushed and its flags, for
    /// the walk to decide.
    @inline(never)
    private func descendChain(from start: Int32, flags startFlags: NodeFlags) -> (Int32, NodeFlags) {
        // Nothing runs here, so the table stays where it is; the stack is kept in registers.
        let records = table.base
        var frames = walkStack
        defer { walkStack = frames }
        var id = start
        var flags = startFlags
        var record = records + Int(id)
        while true {
            let inputs = record.pointee.inputs
            guard inputs.isSingle else { break }
            let inputRecord = inputs.singleRecord(in: records)
            let inputFlags = inputRecord.pointee.flags
            // Any input but one that is only out of date is left to the walk.
            guard inputFlags.isOnlyOutOfDate else { break }
            id = inputs.single
            frames.append(WalkFrame(node: id, nextInput: 0))
            flags = inputFlags.union(.visiting)
            inputRecord.pointee.flags = flags
            record = inputRecord
        }
        return (id, flags)
    }

    /// The walk's fast lane back up a chain: clears the marks of `id`, decided not to run, and pops
    /// it; then does the same for each waiting reader whose only input is the node below it and
    /// whose edge from it is not pending. Returns `true` when the walk's stack is back at `base`;
    /// otherwise leaves `id` at the reader on top of the stack and sets `readerMustRun` to whether
    /// its edge from the node below is pending.
    @inline(__always)
    private func unwindUnchanged(_ id: inout Int32, to base: Int, readerMustRun: inout Bool) -> Bool {
        let records = table.base
        let frames = walkStack.base
        var depth = walkStack.count
        defer { walkStack.truncate(to: depth) }
        while true {
            records[Int(id)].flags.remove([.dirty, .mainThread, .visiting])
            depth &-= 1
            if depth == base { return true }
            let reader = frames[depth &- 1].node
            readerMustRun = records[Int(id)].changedAt > records[Int(reader)].ranAt
            id = reader
            if readerMustRun || !records[Int(reader)].inputs.isSingle { return false }
        }
    }

    /// Re-runs the closure of `id`, records what it reads, stores its value and applies the cutoff;
    /// the walk calls it for a node on its stack, whose ``NodeFlags/visiting`` it clears too.
    /// Returns the node's record, which stays where it is until something runs again.
    @inline(__always) @discardableResult
    func run(_ id: Int32) -> UnsafeMutablePointer<NodeRecord> {
        let flags = table[id].flags
        if flags.isDisjoint(with: [.effect, .counted]) {
            return runClosure(of: id, flags: flags).record
        } else {
            return runWithExtras(id, flags: flags)
        }
    }

    /// ``run(_:)`` for an effect, which may write inputs it read, or for a node whose runs are
    /// counted (``NodeFlags/counted``).
    @inline(never)
    private func runWithExtras(_ id: Int32, flags: NodeFlags) -> UnsafeMutablePointer<NodeRecord> {
        let clockBeforeRun = clock
        let cutoff = runClosure(of: id, flags: flags).cutoff
        if recordsNodeCounters {
            nodeCounters[Int(id)].evaluations += 1
            if cutoff { nodeCounters[Int(id)].cutoffs += 1 }
        }
        if flags.contains(.effect) { requeueIfStale(effect: id, since: clockBeforeRun) }
        return table.base + Int(id)
    }

    /// The part of ``run(_:)`` common to all nodes; `flags` are the node's flags. Returns the node's
    /// record and whether the run was a cutoff (a rule whose value did not change).
    @inline(__always)
    private func runClosure(of id: Int32, flags: NodeFlags) -> (record: UnsafeMutablePointer<NodeRecord>, cutoff: Bool) {
        // This closure's own reads are recorded even if it runs inside another's untracked block.
        // The walk restores the enclosing recorder when it ends.
        recorder = ReadRecorder(recording: id)
        let changed = table[id].box.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.run() }
        let finished = recorder
        // The recorder names the node that ran (nested runs restored it): using it spares keeping
        // `id` across the call. The closure may have created nodes, but from here on nothing does.
        let record = table.base + Int(finished.node)
        // Recording must be finished when the reads left the old list or did not reach its end.
        if finished.diverged || record.pointee.inputs.id(at: Int(finished.cursor)) >= 0 { finishRecording() }

        var newFlags = record.pointee.flags
        newFlags.remove([.visiting, .dirty, .forceRun, .mainThread])
        newFlags.insert(.hasValue)
        record.pointee.flags = newFlags
        let now = clock
        record.pointee.ranAt = now
        counters.evaluations &+= 1
        // Effects have no value, so their runs are neither changes nor cutoffs.
        let cutoff = !changed && !flags.contains(.effect)
        if changed {
            clock = now &+ 1
            record.pointee.changedAt = now &+ 1
        } else if cutoff {
            counters.cutoffs &+= 1
        }
        return (record, cutoff)
    }

    /// Queues an effect again when its own writes made something it read out of date, so that the
    /// flush runs it in its next round. Rules cannot write (their writes are deferred), so only the
    /// effect itself can have caused this:
    /// - an input it read was written during the run: it must re-run (its clocks cannot show it);
    /// - a rule it read is marked again: it is out of date, and re-runs if the rule's value changes.
    private func requeueIfStale(effect id: Int32, since clockBeforeRun: UInt64) {
        var stale: NodeFlags = []
        let inputs = table[id].inputs
        for index in 0 ..< inputs.count {
            let input = table[inputs[index]]
            if input.flags.contains(.input) && input.changedAt > clockBeforeRun {
                stale = [.dirty, .forceRun]
                break
            }
            if input.flags.contains(.dirty) { stale = .dirty }
        }
        guard !stale.isEmpty else { return }
        if !table[id].flags.contains(.queued) { effectQueue.append(id) }
        table[id].flags.formUnion(stale.union(.queued))
    }

    /// Whether ``didFinishOutermostUpdate()`` may have work: tested inline, so that an outermost
    /// read with nothing waiting (the common case) makes no call; about 30 instructions of a
    /// `2-10x5-lazy80%` batch.
    @inline(__always)
    var hasWorkAfterUpdate: Bool {
        !stagedInputs.isEmpty || !deferredTeardowns.isEmpty || lastStamp > UInt32.max / 2
    }

    /// Work that waits for the outermost evaluation to finish: input writes made during a rule's
    /// evaluation, subgraph teardowns requested while nodes were being evaluated, and restarting
    /// read stamps long before they wrap (no read stamp is in use between evaluations). Does nothing
    /// while a closure is still running.
    @inline(never)
    func didFinishOutermostUpdate() {
        guard !recorder.isRunning else { return }
        if lastStamp > UInt32.max / 2 { resetReadStamps() }
        if batchDepth == 0 && !stagedInputs.isEmpty { commitStagedWrites() }
        while !deferredTeardowns.isEmpty {
            let teardowns = deferredTeardowns
            deferredTeardowns.removeAll()
            for teardown in teardowns { teardown() }
        }
    }
}
