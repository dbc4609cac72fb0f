/// An entry of the evaluate phase's explicit stack: a node being brought up to date and the index
/// of the next input edge to check.
struct WalkFrame {
    var node: Int32
    var nextInput: Int32
}

extension Graph {
    /// Hudson's evaluate phase: brings `root` up to date.
    ///
    /// The walk enters a node (``enter(_:flags:)``) and decides whether it must run: a node that
    /// never ran (or lost an input) runs; a node that is not out of date is left alone. Otherwise its
    /// input edges are checked in the order it last read them: an input that is itself out of date is
    /// entered and decided first (recording no edge), and as soon as one edge is pending
    /// (``NodeRecord/changed(after:)``) the node runs (``run(_:)``) and the check stops, because the
    /// closure may no longer read the later inputs. If no edge is pending, the node is finished
    /// clean without running anything (``NodeFlags/finishedClean``). Then the walk returns to the
    /// reader that entered it, whose edge from it is now decided.
    ///
    /// The walk uses an explicit stack, so bringing a deep, already-evaluated graph up to date costs
    /// no call-stack depth. Closures that read nodes they did not read before may nest further walks
    /// (see `DeepEvaluation.swift`). Chains take the lanes of `EvaluatePhase+Lanes.swift`.
    @inline(__always)
    func bringUpToDate(_ root: Int32) {
        var unlimited = UnlimitedEvaluations()
        bringUpToDate(root, within: &unlimited)
    }

    /// ``bringUpToDate(_:)`` asking `budget` before each evaluation whether it may run, and
    /// abandoning the walk (``abandonWalk(to:)``) when it may not. Returns whether `root` is up to
    /// date. Only an outermost walk is given a limited budget (`Graph+Deadline.swift`); every other
    /// walk's budget is ``UnlimitedEvaluations``, for which this specialises to the plain walk.
    @inline(__always) @discardableResult
    func bringUpToDate<Budget: EvaluationBudget>(_ root: Int32, within budget: inout Budget) -> Bool {
        let enclosing = recorder  // each run installs its own; endWalk restores this one
        let base = walkStack.count
        var id = root
        var flags = enter(root, flags: table[root].flags)
        var next = 0
        walk: while true {
            // Decide whether `id` (whose flags are `flags`) must run, checking its input edges from
            // `next` on and entering the first input that needs attention itself.
            // A rule that never ran has `forceRun` too, so it covers "no value yet".
            var mustRun = flags.contains(.forceRun)
            if !mustRun && flags.contains(.dirty) {
                let inputs = table[id].inputs
                let ranAt = table[id].ranAt
                while true {
                    let input = inputs.id(at: next)
                    if input < 0 { break }
                    let inputFlags = table[input].flags
                    if !inputFlags.isUpToDate {
                        if inputFlags.contains(.visiting) {
                            // A recorded dependency cycle: re-run, and the closure's own read of
                            // `input` reports the cycle.
                            mustRun = true
                            break
                        }
                        walkStack[walkStack.count &- 1].nextInput = Int32(truncatingIfNeeded: next)
                        id = input
                        flags = enter(input, flags: inputFlags)
                        next = 0
                        // Only from a chain into a chain: elsewhere (cellx's two-input nodes) the
                        // lane would stop at once, and the call is not worth it.
                        if inputs.isSingle && flags.isOnlyDirty && table[id].inputs.isSingle {
                            (id, flags) = descendChain(from: id, flags: flags)
                        }
                        continue walk
                    }
                    if table[input].changed(after: ranAt) {
                        mustRun = true
                        break
                    }
                    next += 1
                }
            }
            // `id` is decided. Finish it, then each waiting reader whose edge from it is decided.
            while true {
                if mustRun {
                    if walkStack.count == base &+ 1 {
                        // Only the root is left: it runs here, without the climb's call.
                        guard budget.allowsEvaluation() else {
                            abandonWalk(to: base)
                            break walk
                        }
                        run(id)
                        walkStack.removeLast()
                        break walk
                    }
                    if runAndClimb(&id, to: base, within: &budget) { break walk }
                    mustRun = false
                } else if finishCleanAndClimb(&id, to: base, readerMustRun: &mustRun) {
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
        return !budget.isExhausted
    }

    /// Hudson's "enter a node": pushes `id` (whose record is `record` and whose flags are `flags`)
    /// on the walk's stack `frames` and marks it ``NodeFlags/visiting``; returns its new flags.
    /// Static, so that a lane can keep its copy of the stack and the record's address in registers
    /// (``descendChain(from:flags:)``); ``enter(_:flags:)`` calls it on the graph's own stack.
    @inline(__always)
    static func enter(
        _ id: Int32, record: UnsafeMutablePointer<NodeRecord>, flags: NodeFlags, on frames: inout ScratchStack<WalkFrame>
    ) -> NodeFlags {
        frames.append(WalkFrame(node: id, nextInput: 0))
        let entered = flags.union(.visiting)
        record.pointee.flags = entered
        return entered
    }

    /// ``enter(_:record:flags:on:)`` on the graph's walk stack.
    @inline(__always)
    func enter(_ id: Int32, flags: NodeFlags) -> NodeFlags {
        Graph.enter(id, record: table.base + Int(id), flags: flags, on: &walkStack)
    }

    /// Runs `id`, on top of the walk's stack, and pops it; then does the same for each waiting
    /// reader whose edge from the node below is pending. Returns `true` when the stack is back at
    /// `base`, or when `budget` allowed no further run and the walk was abandoned; otherwise leaves
    /// `id` at the reader on top, whose edge from the node below is not pending. Up a chain of
    /// changes, this loop is the whole walk; it is a function of its own so that it keeps its few
    /// values in registers.
    @inline(never)
    private func runAndClimb<Budget: EvaluationBudget>(_ id: inout Int32, to base: Int, within budget: inout Budget) -> Bool {
        var node = id
        defer { id = node }
        while true {
            guard budget.allowsEvaluation() else {
                abandonWalk(to: base)
                return true
            }
            let ran = run(node)
            walkStack.removeLast()
            if walkStack.count == base { return true }
            let reader = walkStack[walkStack.count &- 1].node
            let pending = ran.pointee.changed(after: table[reader].ranAt)
            node = reader
            if !pending { return false }
        }
    }

    /// Hudson's "finish a node clean": clears the marks of `id`, decided not to run, and pops it.
    /// Then, as long as the reader on top has no other input to check (its only input is the node
    /// below) and its edge from it is not pending, finishes that reader clean too: the climb back up
    /// an unchanged chain. Returns `true` when the walk's stack is back at `base`; otherwise leaves
    /// `id` at the reader on top of the stack and sets `readerMustRun` to whether its edge from the
    /// node below is pending.
    @inline(__always)
    private func finishCleanAndClimb(_ id: inout Int32, to base: Int, readerMustRun: inout Bool) -> Bool {
        let records = table.base
        let frames = walkStack.base
        var depth = walkStack.count
        defer { walkStack.truncate(to: depth) }
        while true {
            records[Int(id)].flags = records[Int(id)].flags.finishedClean
            depth &-= 1
            if depth == base { return true }
            let reader = frames[depth &- 1].node
            readerMustRun = records[Int(id)].changed(after: records[Int(reader)].ranAt)
            id = reader
            if readerMustRun || !records[Int(reader)].inputs.isSingle { return false }
        }
    }

    /// Ends a walk that its budget stopped before the next evaluation: pops every node still on the
    /// walk's stack above `base`, clearing its ``NodeFlags/visiting`` mark and leaving it out of
    /// date. Nothing is lost: the nodes that ran keep their values and clocks, the nodes finished
    /// clean are clean, and each abandoned node is decided again by the next walk that reaches it
    /// (no closure was running, so no edge is half recorded).
    func abandonWalk(to base: Int) {
        while walkStack.count > base {
            let frame = walkStack.removeLast()
            table[frame.node].flags.remove(.visiting)
        }
    }

    /// What every walk does last: restores the recorder it started with, and after the outermost
    /// walk does the work that waited for it.
    @inline(__always)
    func endWalk(restoring enclosing: ReadRecorder) {
        recorder = enclosing
        if walkStack.count == 0 && hasWorkAfterUpdate { didFinishOutermostUpdate() }
    }

    /// Hudson's "run it": re-runs the closure of `id`, records what it reads, stores its value and
    /// applies the cutoff; the walk calls it for a node on its stack, whose ``NodeFlags/visiting``
    /// it clears too (the caller pops it). Counts the run in the statistics. Returns the node's record, which stays
    /// where it is until something runs again.
    @inline(__always) @discardableResult
    func run(_ id: Int32) -> UnsafeMutablePointer<NodeRecord> {
        let flags = table[id].flags
        if !flags.contains(.effect) {
            return runClosure(of: id, flags: flags)
        } else {
            return runEffect(id, flags: flags)
        }
    }

    /// ``run(_:)`` for an effect, as a call: nothing reads an effect, so it is only ever the first
    /// node of a walk, and the paths that run rules are kept free of its code (inlined in the
    /// walk's loop, it cost `chain-1000` 4 % more instructions per node). Where an effect is made
    /// or flushed, ``runInlined(effect:flags:)`` runs it without the call.
    @inline(never)
    private func runEffect(_ id: Int32, flags: NodeFlags) -> UnsafeMutablePointer<NodeRecord> {
        runInlined(effect: id, flags: flags)
    }

    /// What running an effect does: its closure's run, then a requeue if it wrote an input it read.
    @inline(__always) @discardableResult
    func runInlined(effect id: Int32, flags: NodeFlags) -> UnsafeMutablePointer<NodeRecord> {
        let clockBeforeRun = clock
        runClosure(of: id, flags: flags)
        requeueIfStale(effect: id, since: clockBeforeRun)
        return table.base + Int(id)
    }

    /// The part of ``run(_:)`` common to all nodes; `flags` are the node's flags. Returns the node's
    /// record.
    @inline(__always) @discardableResult
    private func runClosure(of id: Int32, flags: NodeFlags) -> UnsafeMutablePointer<NodeRecord> {
        // This closure's own reads are recorded even if it runs inside another's untracked block.
        // The walk restores the enclosing recorder when it ends.
        recorder = ReadRecorder(recording: id)
        // An effect has no store (see `EffectTable.swift`) and no value, so its run is no change.
        // A rule's store runs it (``AnyRuleStore/update``); the graph holds the store, so the call
        // needs no retain of it.
        let changed: Bool
        if !flags.contains(.effect) {
            let slot = Int(table[id].slot)
            changed = table[id].box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                let store = unsafeDowncast($0, to: AnyRuleStore.self)
                return store.update(store, slot)
            }
        } else {
            runEffectBody(id)
            changed = false
        }
        // The recorder names the node that ran (nested runs restored it): using it spares keeping
        // `id` across the call. The closure may have created nodes, but from here on nothing does.
        let ran = recorder.node
        let record = table.base + Int(ran)
        finishRecordingIfChanged(record)

        record.pointee.flags = record.pointee.flags.finishedRun
        let now = clock
        record.pointee.ranAt = now
        counters.evaluations &+= 1
        if changed {
            clock = now &+ 1
            record.pointee.changedAt = now &+ 1
        } else if !flags.contains(.effect) {
            // Effects have no value, so their runs are neither changes nor cutoffs.
            counters.cutoffs &+= 1
        }
        if recordsNodeCounters { countNodeRun(of: ran, record: record, cutoff: !changed && !flags.contains(.effect)) }
        return record
    }

    /// Counts a run of `id`, whose record is `record`, in the statistics of the node and of its
    /// name (``recordsNodeStatistics``). Inlined: a call costs about a tenth of a color-scheme
    /// switch's evaluations on the virtual clock, which turns these statistics on.
    @inline(__always)
    private func countNodeRun(of id: Int32, record: UnsafeMutablePointer<NodeRecord>, cutoff: Bool) {
        // In place: through a subscript, each count would copy the counters out and back.
        let node = nodeCounters.base + Int(id)
        node.pointee.evaluations &+= 1
        if cutoff { node.pointee.cutoffs &+= 1 }
        let name = nameCounters.base + nameSlot(of: record)
        name.pointee.evaluations &+= 1
        name.pointee.inputsRead &+= record.pointee.inputs.count
    }

    /// Queues an effect again when its own writes made something it read out of date, so that the
    /// flush runs it in its next round. Rules cannot write (their writes are deferred), so only the
    /// effect itself can have caused this:
    /// - an input it read was written during the run: it must re-run (its clocks cannot show it);
    /// - a rule it read is marked again: it is out of date, and re-runs if the rule's value changes.
    ///
    /// Both need a mark during the run, and every mark during a run comes from an input's change,
    /// which ticks the clock (teardowns, the other source of marks, wait for the walk to end): so a
    /// run after which the clock has not moved made nothing stale, and its inputs are not looked
    /// at, which saved a batch of one write and one effect about 45 instructions (callgrind).
    private func requeueIfStale(effect id: Int32, since clockBeforeRun: UInt64) {
        guard clock != clockBeforeRun else { return }
        var stale: NodeFlags = []
        let inputs = table[id].inputs
        for index in 0 ..< inputs.count {
            let input = table[inputs[index]]
            if input.flags.contains(.input) && input.changedAt > clockBeforeRun { stale.formUnion([.dirty, .forceRun]) }
            // A dirty input brings its main-thread flag along, as the mark would have.
            stale.formUnion(input.flags.intersection([.dirty, .mainThread]))
        }
        guard stale.contains(.dirty) else { return }
        if table[id].flags.contains(.requiresMainThread) { stale.insert(.mainThread) }
        table[id].flags.formUnion(stale)
        queue(effect: id, flags: &table[id].flags)
    }

    /// Whether ``didFinishOutermostUpdate()`` may have work: tested inline, so that an outermost
    /// read with nothing waiting (the common case) makes no call; about 30 instructions of a
    /// `2-10x5-lazy80%` batch. A build that checks invariants has work after every update.
    @inline(__always)
    var hasWorkAfterUpdate: Bool {
        !stagedInputs.isEmpty || !deferredTeardowns.isEmpty || lastStamp > UInt32.max / 2 || Graph.checksInvariants
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
        runDeferredTeardowns()
        checkInvariantsAfterOutermostUpdate()
    }
}
