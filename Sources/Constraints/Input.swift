/// A source node: a value written from outside the graph (state, environment, time).
///
/// `Input` is a cheap handle; copies refer to the same node.
///
/// ```swift
/// let count = graph.input(0, name: "count")
/// count.value += 1      // marks the readers of `count`; evaluates nothing
/// ```
public struct Input<Value>: @unchecked Sendable {
    /// The graph's store of inputs of type `Value`, which holds this input's value in ``slot``.
    @usableFromInline
    let store: InputStore<Value>
    @usableFromInline
    let slot: Int32
    /// The slot's word when this input was made, its sequence and the input's node id: the slot
    /// still holds this input exactly while its word is this one (see ``AnyInputStore``).
    @usableFromInline
    let word: UInt64

    @usableFromInline
    init(store: InputStore<Value>, slot: Int32, word: UInt64) {
        self.store = store
        self.slot = slot
        self.word = word
    }

    /// The input's node id, or -1 once the input no longer exists (its subgraph was destroyed or
    /// its graph is gone).
    @inlinable
    var nodeID: Int32 {
        @inline(__always) get { store.node(in: slot, word: word) }
    }

    /// The input's value.
    ///
    /// Reading it inside a rule or effect records an edge. Setting it marks every node that may
    /// depend on it, unless the new value is `==` to the current one. Inside ``Graph/batch(_:)`` the
    /// write is staged until the batch ends, and reads outside rules return the staged value.
    /// Writing from inside a rule's evaluation is reported as
    /// ``Diagnostic/writeDuringEvaluation(rule:input:)`` and applied when the evaluation finishes.
    @inlinable
    public var value: Value {
        // Always inlined: the repeated-read test made it large enough that the optimiser stopped
        // inlining it, and the call retained and released the handle's store.
        @inline(__always) get {
            // The node id is in the handle's word, which names a node: only the compare loads.
            let store = self.store
            if !store.holds(slot, word: word) { detachedNodeRead(store) }  // before touching the graph, which may be gone
            let id = Int32(truncatingIfNeeded: word)
            let core = store.core
            if core.pointee.recordReadMatchingOrRepeating(id) { return store.values[Int(slot)] }
            return readInputThroughGraph(id, slot, in: core)
        }
        // Always inlined, like ``Rule/value``'s getter: a call would make the caller retain a handle
        // it writes through from an array or another object.
        @inline(__always) nonmutating set {
            if !store.holds(slot, word: word) { detachedNodeRead(store) }
            let id = Int32(truncatingIfNeeded: word)
            writeInput(id, slot, newValue, in: store.core)
        }
    }
}

/// A read the inlined path of ``Input/value`` cannot do: from outside any closure (which returns
/// a staged write, if any), inside an untracked block, or one that records a new edge or repeats
/// an earlier read that was not the last one. Like
/// ``readRuleThroughGraph(_:in:)``, it keeps nothing of the caller's handle alive and needs no
/// `Input<Value>` metadata: it takes the store from the node's record.
///
/// A read from outside any closure, the common case here, makes no call: only a read inside a
/// recording closure does (``readInputRecordingUnmatched(_:_:in:)``).
@inlinable @inline(never)
func readInputThroughGraph<Value>(_ id: Int32, _ slot: Int32, in core: UnsafeMutablePointer<GraphCore>) -> Value {
    // The recorded case calls on, so that this one saves no registers for a call.
    if core.pointee.recorder.isRecording { return readInputRecordingUnmatched(id, slot, in: core) }
    return core.pointee.table.base[Int(id)].box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        let store = unsafeDowncast($0, to: InputStore<Value>.self)
        // Outside any closure, a staged write is what the read returns.
        if !core.pointee.recorder.isRunning, let staged = store.staged?[Int(slot)] { return staged }
        return store.values[Int(slot)]
    }
}

/// ``readInputThroughGraph(_:_:in:)`` inside a recording closure: records the read
/// (``Graph/recordUnmatchedInputRead(_:)``) and returns the committed value.
@inlinable @inline(never)
func readInputRecordingUnmatched<Value>(_ id: Int32, _ slot: Int32, in core: UnsafeMutablePointer<GraphCore>) -> Value {
    core.pointee.graph._withUnsafeGuaranteedRef { $0.recordUnmatchedInputRead(id) }
    return core.pointee.table.base[Int(id)].box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: InputStore<Value>.self).values[Int(slot)]
    }
}

/// A write of input `id` in `slot`, handed the node's id, its slot and the graph's core only, like
/// ``readRuleThroughGraph(_:in:)``: a single call, so that the caller's handle (say, one read from
/// an array) need not be retained across it. It takes the store from the node table and borrows
/// the graph, which outlives its nodes. That saved a retain and a release per write.
@inlinable @inline(never)
func writeInput<Value>(_ id: Int32, _ slot: Int32, _ newValue: Value, in core: UnsafeMutablePointer<GraphCore>) {
    core.pointee.graph._withUnsafeGuaranteedRef { graph in
        let staged = graph.stageWriteIfNeeded(id)
        // The store is borrowed in two closures, one per case, so that the staged case, a batch's
        // write, is inlined here rather than called.
        let store = core.pointee.table.base[Int(id)].box.unsafelyUnwrapped
        if staged {
            store._withUnsafeGuaranteedRef { unsafeDowncast($0, to: InputStore<Value>.self).stagedValues()[Int(slot)] = newValue }
        } else if store._withUnsafeGuaranteedRef({ unsafeDowncast($0, to: InputStore<Value>.self).store(newValue, in: slot) }) {
            graph.inputDidChange(id)
        }
    }
}

extension Graph {
    /// Records an input read inside a recording closure that is neither at the cursor nor a
    /// repeat of the last read (``recordUnmatchedRead(_:)``), as the inlined read of
    /// ``Input/value`` found.
    @usableFromInline
    func recordUnmatchedInputRead(_ id: Int32) {
        recordUnmatchedRead(id)
    }

    /// Whether a write of input `id` must be staged rather than applied: inside a batch, or from
    /// inside a rule's evaluation (which is also reported). If so, queues the input for commit at
    /// the end of the batch or evaluation, and the caller stages the value in its store.
    ///
    /// Inlined into the writer for the writes outside closures, in a batch or not; the writes
    /// from inside a closure make a call. That saved about 20 instructions per batch of one write.
    @inlinable @inline(__always)
    func stageWriteIfNeeded(_ id: Int32) -> Bool {
        if core.pointee.recorder.isRunning { return stageWriteFromClosureIfNeeded(id) }
        if batchDepth == 0 { return false }
        stage(id)
        return true
    }

    /// ``stageWriteIfNeeded(_:)`` while a closure runs: a rule's write is staged (and reported), an
    /// effect's only inside a batch.
    @usableFromInline @inline(never)
    func stageWriteFromClosureIfNeeded(_ id: Int32) -> Bool {
        if !table[recorder.node].flags.contains(.effect) {
            report(.writeDuringEvaluation(rule: name(of: recorder.node), input: name(of: id)))
        } else if batchDepth == 0 {
            return false
        }
        stage(id)
        return true
    }

    /// Queues input `id` for commit, unless it is queued already.
    @inlinable @inline(__always)
    func stage(_ id: Int32) {
        let record = core.pointee.table.base + Int(id)
        if !record.pointee.flags.contains(.pendingWrite) {
            record.pointee.flags.insert(.pendingWrite)
            stagedInputs.append(id)
        }
    }

    /// Applies staged input writes in the order the inputs were first written, marking readers of
    /// those whose value really changed.
    ///
    /// It walks the list in place and empties it afterwards: committing marks nodes and runs no
    /// closure but `==`, so nothing stages a write meanwhile. (Copying the list first, as an array,
    /// made it shared, so that emptying it allocated a new buffer at every batch.) Every id in the
    /// list is live: destroying a node takes it out of the list.
    @usableFromInline
    func commitStagedWrites() {
        for index in 0 ..< stagedInputs.count {
            let id = stagedInputs[index]
            assert(table.isLive(id) && table[id].flags.contains(.input), "Constraints: a staged id is a live input")
            table[id].flags.remove(.pendingWrite)
            // The store's commit function commits the staged value (see ``AnyInputStore/commit``).
            // The graph holds the store, so the call needs no retain of it.
            let slot = table[id].slot
            let changed = table[id].box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                let store = unsafeDowncast($0, to: AnyInputStore.self)
                return store.commit(store, slot)
            }
            if changed { markAfterChange(of: id) }
        }
        stagedInputs.truncate(to: 0)
        checkInvariantsAfterOutermostMark()
    }
}
