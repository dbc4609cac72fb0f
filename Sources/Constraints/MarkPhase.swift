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
        pushReaders(of: id, carriesMainThread: false)
        drainMarkStack()
    }

    /// Pushes the readers of `id` that the mark must still reach: unmarked ones, and marked ones
    /// the main-thread flag has not reached yet when it is being carried.
    @inline(__always)
    private func pushReaders(of id: Int32, carriesMainThread: Bool) {
        let outputs = table[id].outputs
        for index in 0 ..< outputs.count {
            let reader = outputs[index]
            let flags = table[reader].flags
            if flags.contains(.dirty) {
                let carries = carriesMainThread || flags.contains(.requiresMainThread)
                if !carries || flags.contains(.mainThread) { continue }
            }
            markStack.append(MarkEntry(node: reader, carriesMainThread: carriesMainThread))
        }
    }

    /// Marks `id` itself and everything below it; used when a node must re-run for a reason other
    /// than an input's value (it lost an input to a destroyed subgraph).
    func markNodeAndReaders(_ id: Int32) {
        markStack.append(MarkEntry(node: id, carriesMainThread: false))
        drainMarkStack()
    }

    private func drainMarkStack() {
        while let entry = markStack.popLast() {
            let id = entry.node
            var flags = table[id].flags
            let carries = entry.carriesMainThread || flags.contains(.requiresMainThread)
            if flags.contains(.dirty) {
                if !carries || flags.contains(.mainThread) { continue }
                flags.insert(.mainThread)
                table[id].flags = flags
            } else {
                flags.insert(.dirty)
                if carries { flags.insert(.mainThread) }
                counters.marks += 1
                if recordsNodeCounters { nodeCounters[Int(id)].marks += 1 }
                if flags.contains(.effect) && !flags.contains(.queued) {
                    flags.insert(.queued)
                    effectQueue.append(id)
                }
                table[id].flags = flags
            }
            pushReaders(of: id, carriesMainThread: carries)
        }
    }
}
