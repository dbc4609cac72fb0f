// The evaluate phase's fast lanes. Each does what the walk of `EvaluatePhase.swift` would do for
// one shape of graph, with fewer instructions, through the same steps (enter a node, the pending
// test, run it), and leaves every other case to the walk.

extension Graph {
    /// The lane for reading a rule whose inputs need no evaluation: checks its input edges in
    /// order, as the walk would, and runs it at the first pending one, or finishes it clean if none
    /// is, without setting up a walk. Returns `false`, doing nothing, for any other node, and as
    /// soon as it meets an input that is out of date itself (before any pending one): the walk
    /// then takes the node from its first input again.
    ///
    /// - Precondition: none; it checks its own (the node is out of date but neither forced to run
    ///   nor being brought up to date, and every input it checks is up to date).
    /// - Shape: the leaves of a walk read one after another, such as the 1,000 terms of
    ///   `fanout-1000`'s sum (one input each); and the nested read of a rule whose inputs a walk
    ///   has just brought up to date, as when a running rule reads its second input in a layered
    ///   graph (`2-10x5-lazy80%`, `cellx-1000`).
    /// - Gain: with the fan-out lane of the mark, it took `fanout-1000` from about 336 to 234
    ///   instructions per term (callgrind) when it was added for one input. Taking rules of several
    ///   inputs too took `2-10x5-lazy80%` from 2,261 to 2,098 instructions per batch and
    ///   `cellx-1000` from 1,066 to 981 per node, the other workloads unchanged.
    ///
    /// `inlineEffect` is passed on to ``runDecidedNode(_:flags:inlineEffect:)``: true where the
    /// node is a queued effect (a flush), false where it is a rule (a read).
    @inline(__always)
    func bringUpToDateWithCleanInputs(_ id: Int32, flags: NodeFlags, inlineEffect: Bool = false) -> Bool {
        guard flags.isOnlyOutOfDate else { return false }
        let inputs = table[id].inputs
        let ranAt = table[id].ranAt
        var pending = false
        if inputs.isSingle {
            let input = inputs.singleRecord(in: table.base)
            guard input.pointee.flags.isUpToDate else { return false }
            pending = input.pointee.changed(after: ranAt)
        } else {
            var next = 0
            while true {
                let input = inputs.id(at: next)
                if input < 0 { break }
                guard table[input].flags.isUpToDate else { return false }
                if table[input].changed(after: ranAt) {
                    pending = true
                    break
                }
                next += 1
            }
        }
        if pending {
            runDecidedNode(id, flags: flags, inlineEffect: inlineEffect)
        } else {
            table[id].flags = flags.finishedClean
        }
        return true
    }

    /// Runs `id` (whose flags are `flags`), decided to run with nothing else to bring up to date:
    /// what the walk does for such a node (enter it, run it, pop it), without setting up a walk.
    /// The lane above calls it, and so does making an effect, whose first run reads nothing yet.
    /// With `inlineEffect` (where an effect is made or flushed), an effect runs without a call
    /// (``runInlined(effect:flags:)``); a rule's read, which passes false, keeps the call.
    @inline(__always)
    func runDecidedNode(_ id: Int32, flags: NodeFlags, inlineEffect: Bool = false) {
        let enclosing = recorder  // each run installs its own; endWalk restores this one
        // On the stack while it runs, so that a cycle through it is reported with its name.
        _ = enter(id, flags: flags)
        if inlineEffect && flags.contains(.effect) { runInlined(effect: id, flags: flags) } else { run(id) }
        walkStack.removeLast()
        endWalk(restoring: enclosing)
    }

    /// The lane down a chain: from `start` (with flags `startFlags`), enters the only input of the
    /// last node entered while that input is out of date and needs attention for no other reason.
    /// Returns the last node entered and its flags, for the walk to decide.
    ///
    /// - Precondition: `start` was just entered, is only dirty (not forced to run) and has a single
    ///   input (asserted).
    /// - Shape: a chain of rules with one input each after a change at its head (`chain-1000`,
    ///   `cutoff`); each step is a pointer chase through the record offset stored in the inline edge
    ///   (see ``EdgeList``), with the stack kept in registers.
    /// - Gain: with the chain lane of the mark, it took `cutoff` from about 105 to 56 instructions
    ///   per node (callgrind) when it was added.
    @inline(never)
    func descendChain(from start: Int32, flags startFlags: NodeFlags) -> (Int32, NodeFlags) {
        assert(startFlags.isOnlyDirty && startFlags.contains(.visiting) && table[start].inputs.isSingle,
               "descendChain starts at an entered, only dirty rule with one input")
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
            flags = Graph.enter(id, record: inputRecord, flags: inputFlags, on: &frames)
            record = inputRecord
        }
        return (id, flags)
    }
}
