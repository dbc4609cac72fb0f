/// An entry of the mark phase's explicit stack: a node to mark and whether a dirty node requiring
/// the main thread lies upstream of it.
struct MarkEntry {
    var node: Int32
    var carriesMainThread: Bool
}

extension Graph {
    /// Records that input `id` changed value and runs the mark phase from its readers.
    @usableFromInline
    func inputDidChange(_ id: Int32) {
        markAfterChange(of: id)
        checkInvariantsAfterOutermostMark()
    }

    /// ``inputDidChange(_:)`` without the invariant check, for a commit of several inputs, which
    /// checks once they are all marked.
    @inline(__always)
    func markAfterChange(of id: Int32) {
        clock &+= 1
        table[id].changedAt = clock
        counters.inputChanges += 1
        markReaders(of: id)
    }

    /// Hudson's mark phase from the readers of `id`: each reader and everything below it is set
    /// *out of date*; nothing is evaluated.
    ///
    /// Each reader first tries the leaf lane (``markLeaf(_:in:inliningEffects:)``), which a wide fan-out's readers
    /// take; the others go through the general ``mark(from:carriesMainThread:)``
    /// (``markNodeAndReaders(_:)``).
    func markReaders(of id: Int32) {
        // Marking creates no nodes and changes no edges, so the table stays where it is and the
        // list stays valid while its readers are marked.
        let records = table.base
        let outputs = records[Int(id)].outputs
        if outputs.isSingle {
            if !markLeaf(outputs.single, in: records, inliningEffects: true) { markNodeAndReaders(outputs.single) }
        } else if let readers = outputs.multiple {
            for reader in readers where !markLeaf(reader, in: records) { markNodeAndReaders(reader) }
        }
    }

    /// Marks `id` itself and everything below it: a reader of a changed input, or a node that must
    /// re-run for a reason other than an input's value (it lost an input to a destroyed subgraph).
    @inline(never)
    func markNodeAndReaders(_ id: Int32) {
        mark(from: id, carriesMainThread: false)
    }

    /// Hudson's mark, step by step: depth-first along output edges from `start`, marking each node
    /// (``markOne(_:flags:)``) and stopping at nodes that are already marked, so that repeated
    /// changes before a read cost O(1) each. Iterative, so graph depth costs no stack: from each node
    /// the walk goes on to its first reader directly and stacks the others.
    ///
    /// The main-thread flag rides along: once a marked node requires the main thread, every node
    /// below it gets ``NodeFlags/mainThread``, and a node that is already dirty but lacks the flag is
    /// revisited so the flag reaches everything below it. A marked effect is queued for `flush()`.
    @inline(__always)
    private func mark(from start: Int32, carriesMainThread: Bool) {
        var id = start
        var carries = carriesMainThread
        while true {
            let record = table.base + Int(id)
            var flags = record.pointee.flags
            var followReaders = true
            if !carries && flags.isDisjoint(with: NodeFlags.markedByGeneralPath.union(.dirty)) {
                // The common case: an unmarked rule, no main-thread flag to carry, nothing to queue.
                markOne(record, flags: flags)
            } else if !flags.contains(.dirty) {
                carries = carries || flags.contains(.requiresMainThread)
                if carries { flags.insert(.mainThread) }
                if flags.contains(.effect) { queue(effect: id, flags: &flags) }
                markOne(record, flags: flags)
            } else if (carries || flags.contains(.requiresMainThread)) && !flags.contains(.mainThread) {
                carries = true
                record.pointee.flags = flags.union(.mainThread)
            } else {
                followReaders = false
            }
            if followReaders {
                let outputs = record.pointee.outputs
                if outputs.isSingle {
                    if carries {
                        id = outputs.single
                        continue
                    }
                    if let next = markChain(along: outputs) {
                        id = next
                        continue
                    }
                } else if let readers = outputs.multiple {
                    for reader in readers.dropFirst() where markMustReach(reader, carriesMainThread: carries) {
                        markStack.append(MarkEntry(node: reader, carriesMainThread: carries))
                    }
                    id = readers[0]
                    continue
                }
            }
            guard let entry = markStack.popLast() else { return }
            id = entry.node
            carries = entry.carriesMainThread
        }
    }

    /// Hudson's "mark one node": sets the out-of-date mark of the node whose record is `record`
    /// (whose other flags are to be `flags`) and counts it. Every path that marks a node uses it.
    @inline(__always)
    func markOne(_ record: UnsafeMutablePointer<NodeRecord>, flags: NodeFlags) {
        record.pointee.flags = flags.union(.dirty)
        counters.marks &+= 1
        if recordsNodeCounters { countNodeMark(of: table.id(of: record)) }
    }

    /// Counts a mark of node `id` in its statistics (``recordsNodeStatistics``).
    @inline(__always)
    private func countNodeMark(of id: Int) {
        (nodeCounters.base + id).pointee.marks &+= 1
    }

    /// Whether the mark must still visit `reader`: it is not marked yet, or it is but the
    /// main-thread flag being carried has not reached it.
    @inline(__always)
    private func markMustReach(_ reader: Int32, carriesMainThread: Bool) -> Bool {
        let flags = table[reader].flags
        return !flags.contains(.dirty)
            || ((carriesMainThread || flags.contains(.requiresMainThread)) && !flags.contains(.mainThread))
    }
}
