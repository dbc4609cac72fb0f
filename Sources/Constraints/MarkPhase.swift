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
        clock &+= 1
        table[id].changedAt = clock
        counters.inputChanges += 1
        markReaders(of: id)
    }

    /// Hudson's mark phase: depth-first along output edges, setting *out-of-date*, stopping at
    /// nodes that are already marked. Nothing is evaluated. Iterative, so graph depth costs no stack.
    ///
    /// The main-thread flag rides along: once a marked node requires the main thread, every node
    /// below it gets ``NodeFlags/mainThread``, and a node that is already dirty but lacks the flag is
    /// revisited so the flag reaches everything below it.
    func markReaders(of id: Int32) {
        // Marking creates no nodes and changes no edges, so the table stays where it is and the
        // list stays valid while its readers are marked.
        let records = table.base
        let outputs = records[Int(id)].outputs
        if outputs.isSingle {
            if !markLeaf(outputs.single, in: records) { markNodeAndReaders(outputs.single) }
        } else if let readers = outputs.multiple {
            for reader in readers where !markLeaf(reader, in: records) { markNodeAndReaders(reader) }
        }
    }

    /// Marks `reader` if it is an unmarked rule whose own readers need no mark: it has none, or a
    /// single one that is already marked (the terms of a sum, the rules nobody reads yet). Returns
    /// whether it did; otherwise ``mark(from:carriesMainThread:)`` must. Checking this before the
    /// general loop makes a wide fan-out cost a few instructions per reader. `records` is the
    /// table's storage.
    @inline(__always)
    private func markLeaf(_ reader: Int32, in records: UnsafeMutablePointer<NodeRecord>) -> Bool {
        let record = records + Int(reader)
        let flags = record.pointee.flags
        // Already marked: the mark stops there, unless it must bring the main-thread flag.
        if flags.contains(.dirty) { return !flags.contains(.requiresMainThread) }
        guard flags.isDisjoint(with: [.requiresMainThread, .effect, .counted]) else { return false }
        let outputs = record.pointee.outputs
        if outputs.raw != 0 {
            guard outputs.isSingle else { return false }
            let readerFlags = outputs.singleRecord(in: records).pointee.flags
            // A marked node that requires the main thread carries the main-thread flag already.
            guard readerFlags.contains(.dirty) && !readerFlags.contains(.requiresMainThread) else { return false }
        }
        record.pointee.flags = flags.union(.dirty)
        counters.marks &+= 1
        return true
    }

    /// Whether the mark must still visit `reader`: it is not marked yet, or it is but the
    /// main-thread flag being carried has not reached it.
    @inline(__always)
    private func markMustReach(_ reader: Int32, carriesMainThread: Bool) -> Bool {
        let flags = table[reader].flags
        return !flags.contains(.dirty)
            || ((carriesMainThread || flags.contains(.requiresMainThread)) && !flags.contains(.mainThread))
    }

    /// Marks `id` itself and everything below it; used when a node must re-run for a reason other
    /// than an input's value (it lost an input to a destroyed subgraph).
    func markNodeAndReaders(_ id: Int32) {
        mark(from: id, carriesMainThread: false)
    }

    /// Marks `start` and everything below it. From each node the walk goes on to its first reader
    /// directly and stacks the others, so a chain or a fan-out costs no stack traffic.
    @inline(__always)
    private func mark(from start: Int32, carriesMainThread: Bool) {
        var id = start
        var carries = carriesMainThread
        while true {
            var flags = table[id].flags
            var followReaders = true
            if !carries && flags.isDisjoint(with: [.dirty, .requiresMainThread, .effect, .counted]) {
                // The common case: an unmarked rule, no main-thread flag to carry, nothing to count.
                flags.insert(.dirty)
                counters.marks &+= 1
            } else {
                carries = carries || flags.contains(.requiresMainThread)
                if flags.contains(.dirty) {
                    if !carries || flags.contains(.mainThread) {
                        followReaders = false
                    } else {
                        flags.insert(.mainThread)
                    }
                } else {
                    flags.insert(.dirty)
                    if carries { flags.insert(.mainThread) }
                    counters.marks &+= 1
                    if flags.contains(.counted) { nodeCounters[Int(id)].marks += 1 }
                    if flags.contains(.effect) && !flags.contains(.queued) {
                        flags.insert(.queued)
                        effectQueue.append(id)
                    }
                }
            }
            if followReaders {
                table[id].flags = flags
                let outputs = table[id].outputs
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

    /// Marks the rule in `edges` (a single reader) and goes on to its own single reader, as long as
    /// each is an unmarked rule that needs no main-thread flag and is neither an effect nor
    /// ``NodeFlags/counted``: the common chain of a UI graph, at a few instructions per node.
    /// Returns the first node it did not handle, for ``mark(from:carriesMainThread:)`` to mark, or
    /// `nil` when the chain ran into a node that is already marked and needs nothing more.
    @inline(__always)
    private func markChain(along edges: EdgeList) -> Int32? {
        // Marking creates no nodes, so the table stays where it is.
        let records = table.base
        var edges = edges
        var marked = 0
        defer { counters.marks &+= marked }
        while true {
            let record = edges.singleRecord(in: records)
            let flags = record.pointee.flags
            if !flags.isDisjoint(with: [.dirty, .requiresMainThread, .effect, .counted]) {
                return flags.isDisjoint(with: [.requiresMainThread, .effect, .counted]) ? nil : edges.single
            }
            let outputs = record.pointee.outputs
            if !outputs.isSingle { return edges.single }
            record.pointee.flags = flags.union(.dirty)
            marked &+= 1
            edges = outputs
        }
    }
}
