/// A source node: a value written from outside the graph (state, environment, time).
///
/// `Input` is a cheap handle; copies refer to the same node.
///
/// ```swift
/// let count = graph.input(0, name: "count")
/// count.value += 1      // marks the readers of `count`; evaluates nothing
/// ```
public struct Input<Value>: @unchecked Sendable {
    /// The input's entry in a page of its graph's store of inputs of type `Value`, which holds its
    /// word, the graph's core and its value (see ``InputPage``). Not a reference: a page outlives
    /// its store, so a handle needs no retain, and its word is always there to compare.
    @usableFromInline
    let entry: UnsafeMutableRawPointer
    /// The entry's word when this input was made, its sequence and the input's node id: the entry
    /// still holds this input exactly while its word is this one (see ``AnyInputStore``).
    @usableFromInline
    let word: UInt64

    @usableFromInline
    init(entry: UnsafeMutableRawPointer, word: UInt64) {
        self.entry = entry
        self.word = word
    }

    /// Whether the input still exists: its entry's word is still the one it was made with.
    @inlinable
    var exists: Bool {
        @inline(__always) get { InputPage.header(entry).pointee.word == word }
    }

    /// The input's node id, or -1 once the input no longer exists (its subgraph was destroyed or
    /// its graph is gone).
    @inlinable
    var nodeID: Int32 {
        @inline(__always) get { exists ? Int32(truncatingIfNeeded: word) : -1 }
    }

    /// The core of the input's graph, while the input exists.
    @inlinable
    var core: UnsafeMutablePointer<GraphCore> {
        @inline(__always) get { InputPage.header(entry).pointee.core }
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
        // inlining it.
        @inline(__always) get {
            // The node id is in the handle's word, which names a node: only the compare loads.
            if !exists { detachedNodeUse(Value.self) }  // before touching the graph, which may be gone
            let id = Int32(truncatingIfNeeded: word)
            let core = self.core
            let value = InputPage.value(entry, as: Value.self)
            if core.pointee.recordReadMatchingOrRepeating(id) { return value.pointee }
            return readInputThroughGraph(id, value, in: core)
        }
        // Always inlined, like ``Rule/value``'s getter.
        @inline(__always) nonmutating set {
            if !exists { detachedNodeUse(Value.self) }
            let id = Int32(truncatingIfNeeded: word)
            writeInput(id, InputPage.value(entry, as: Value.self), newValue, in: core)
        }
    }
}

/// A read the inlined path of ``Input/value`` cannot do: from outside any closure (which returns
/// a staged write, if any), inside an untracked block, or one that records a new edge or repeats
/// an earlier read that was not the last one. Like ``readRuleThroughGraph(_:_:in:)``, it is handed
/// the node's id, its value's place and the graph's core only.
///
/// A read from outside any closure, the common case here, makes no call: only a read inside a
/// recording closure does (``readInputRecordingUnmatched(_:_:in:)``).
@inlinable @inline(never)
func readInputThroughGraph<Value>(_ id: Int32, _ value: UnsafeMutablePointer<Value>, in core: UnsafeMutablePointer<GraphCore>) -> Value {
    // The recorded case calls on, so that this one saves no registers for a call.
    if core.pointee.recorder.isRecording { return readInputRecordingUnmatched(id, value, in: core) }
    // Outside any closure, a staged write is what the read returns.
    if !core.pointee.recorder.isRunning {
        let record = core.pointee.table.base + Int(id)
        if record.pointee.flags.contains(.pendingWrite) {
            return record.pointee.box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                unsafeDowncast($0, to: InputStore<Value>.self).staged.unsafelyUnwrapped[Int(record.pointee.slot)].unsafelyUnwrapped
            }
        }
    }
    return value.pointee
}

/// ``readInputThroughGraph(_:_:in:)`` inside a recording closure: records the read
/// (``Graph/recordUnmatchedInputRead(_:)``) and returns the committed value.
@inlinable @inline(never)
func readInputRecordingUnmatched<Value>(_ id: Int32, _ value: UnsafeMutablePointer<Value>, in core: UnsafeMutablePointer<GraphCore>) -> Value {
    core.pointee.graph._withUnsafeGuaranteedRef { $0.recordUnmatchedInputRead(id) }
    return value.pointee
}

/// A write of input `id`, whose value is at `value`, handed the node's id, its value's place and
/// the graph's core only, like ``readRuleThroughGraph(_:_:in:)``: a single call. It takes the store
/// from the node table and borrows the graph, which outlives its nodes.
@inlinable @inline(never)
func writeInput<Value>(_ id: Int32, _ value: UnsafeMutablePointer<Value>, _ newValue: Value, in core: UnsafeMutablePointer<GraphCore>) {
    core.pointee.graph._withUnsafeGuaranteedRef { graph in
        let staged = graph.stageWriteIfNeeded(id, in: core)
        // The store is borrowed in two closures, one per case, so that the staged case, a batch's
        // write, is inlined here rather than called.
        let record = core.pointee.table.base + Int(id)
        let store = record.pointee.box.unsafelyUnwrapped
        if staged {
            let slot = record.pointee.slot
            store._withUnsafeGuaranteedRef { unsafeDowncast($0, to: InputStore<Value>.self).stagedValues()[Int(slot)] = newValue }
        } else {
            // The comparison runs the value's `==`; a teardown it requests waits for the write.
            let wasComparing = graph.isComparingWrittenValue
            graph.isComparingWrittenValue = true
            let changed = store._withUnsafeGuaranteedRef { unsafeDowncast($0, to: InputStore<Value>.self).store(newValue, at: value) }
            graph.isComparingWrittenValue = wasComparing
            if changed { graph.inputDidChange(id) }
            graph.runTeardownsDeferredByComparison()
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
    ///
    /// `core` is the graph's ``core``, which the writer has at hand: reaching it through the graph
    /// would load it again.
    @inlinable @inline(__always)
    func stageWriteIfNeeded(_ id: Int32, in core: UnsafeMutablePointer<GraphCore>) -> Bool {
        if core.pointee.recorder.isRunning { return stageWriteFromClosureIfNeeded(id) }
        if batchDepth == 0 { return false }
        stage(id, in: core)
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
        stage(id, in: core)
        return true
    }

    /// Queues input `id` for commit, unless it is queued already (`core` is the graph's ``core``).
    @inlinable @inline(__always)
    func stage(_ id: Int32, in core: UnsafeMutablePointer<GraphCore>) {
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
    /// closure but `==`. A teardown that an `==` requests waits until the list is done (see
    /// ``defersTeardowns``); an `==` that reads a rule ends an evaluation, which commits the list
    /// again from its start and empties it: the entries already committed, and the one being
    /// compared, have no staged value left (its store took it before comparing), so the rest of
    /// the list changes before the comparison returns, and the outer walk, which reads the count
    /// at each step, ends. (Copying the list first, as an array, made it shared, so that emptying
    /// it allocated a new buffer at every batch.) Entries
    /// of inputs destroyed since they were written go first (``dropDestroyedStagedInputs()``), so
    /// that every id the walk meets is a live input with a staged write: no input is destroyed
    /// during the walk, as a teardown an `==` requests waits.
    @usableFromInline
    func commitStagedWrites() {
        if stagedEntriesOfDestroyedInputs != 0 { dropDestroyedStagedInputs() }
        let wasComparing = isComparingWrittenValue
        isComparingWrittenValue = true
        var index = 0
        while index < stagedInputs.count {
            let id = stagedInputs[index]
            index += 1
            assert(table.isLive(id) && table[id].flags.contains(.input) && stagedEntriesOfDestroyedInputs == 0,
                   "Constraints: a staged id is a live input's own, and no input is destroyed while staged writes commit")
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
        isComparingWrittenValue = wasComparing
        stagedInputs.truncate(to: 0)
        checkInvariantsAfterOutermostMark()
        runTeardownsDeferredByComparison()
    }

    /// Counts the entry that an input destroyed with a staged write (now freed) left in
    /// ``stagedInputs``, and drops such entries once they are due (``isDueForCompaction(dead:of:)``),
    /// so that a long batch that makes, writes and destroys rows keeps a list no longer than about
    /// twice its inputs with a staged write.
    func countStagedEntryOfDestroyedInput() {
        stagedEntriesOfDestroyedInputs += 1
        if Self.isDueForCompaction(dead: stagedEntriesOfDestroyedInputs, of: stagedInputs.count) { dropDestroyedStagedInputs() }
    }

    /// Takes out of the staging list the entries of inputs destroyed since they were written (see
    /// ``stagedEntriesOfDestroyedInputs``), keeping the others in order, in one pass over the list.
    /// Called before the commit's walk and when such entries fill half the list, never during the
    /// walk: it moves entries under the walk's index (and no input is destroyed during the walk).
    ///
    /// An id may be listed twice: an input destroyed with a staged write, then a later input given
    /// its id and written. The later entry is the live input's, so the pass goes backward, and
    /// clears each kept input's ``NodeFlags/pendingWrite`` until the end of the pass so that an
    /// earlier entry of its id is dropped. The kept entries gather at the end of the list, then
    /// move to its start.
    func dropDestroyedStagedInputs() {
        var firstKept = stagedInputs.count
        var index = stagedInputs.count
        while index > 0 {
            index -= 1
            let id = stagedInputs[index]
            guard isInputWithStagedWrite(id) else { continue }
            table[id].flags.remove(.pendingWrite)
            firstKept -= 1
            stagedInputs[firstKept] = id
        }
        let keptCount = stagedInputs.count - firstKept
        for position in 0 ..< keptCount {
            let id = stagedInputs[firstKept + position]
            table[id].flags.insert(.pendingWrite)
            stagedInputs[position] = id
        }
        assert(stagedInputs.count - keptCount == stagedEntriesOfDestroyedInputs, "Constraints: the graph counted the entries of destroyed inputs")
        stagedInputs.truncate(to: keptCount)
        stagedEntriesOfDestroyedInputs = 0
    }

    /// Whether `id` names a live input with a staged write: the owner of the last staging-list
    /// entry that names `id`, the earlier ones (if any) being those of destroyed inputs.
    func isInputWithStagedWrite(_ id: Int32) -> Bool {
        table.isLive(id) && table[id].flags.isSuperset(of: [.input, .pendingWrite])
    }

    /// Runs the teardowns that an `==` requested while a written value was compared (see
    /// ``defersTeardowns``), unless an evaluation or an outer comparison in progress still defers
    /// them to its end.
    @inlinable @inline(__always)
    func runTeardownsDeferredByComparison() {
        if !deferredTeardowns.isEmpty && !defersTeardowns { runDeferredTeardowns() }
    }
}
