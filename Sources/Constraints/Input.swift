/// A source node: a value written from outside the graph (state, environment, time).
///
/// `Input` is a cheap handle; copies refer to the same node.
///
/// ```swift
/// let count = graph.input(0, name: "count")
/// count.value += 1      // marks the readers of `count`; evaluates nothing
/// ```
public struct Input<Value>: @unchecked Sendable {
    @usableFromInline
    let box: InputBox<Value>

    @usableFromInline
    init(box: InputBox<Value>) { self.box = box }

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
        // inlining it, and the call retained and released the handle's box.
        @inline(__always) get {
            let box = self.box
            let id = box.id
            if id < 0 { detachedNodeRead(box) }  // before touching the graph, which may be gone
            let core = box.core
            if core.pointee.recordReadMatchingOrRepeating(id) { return box.existingValue }
            return readInputThroughGraph(id, in: core)
        }
        // Always inlined, like ``Rule/value``'s getter: a call would make the caller retain a handle
        // it writes through from an array or another object.
        @inline(__always) nonmutating set {
            let id = box.id
            if id < 0 { detachedNodeRead(box) }
            writeInput(id, newValue, in: box.core)
        }
    }
}

/// A read the inlined path of ``Input/value`` cannot do: from outside any closure (which returns
/// a staged write, if any), inside an untracked block, or one that records a new edge or repeats
/// an earlier read that was not the last one. Like
/// ``readRuleThroughGraph(_:in:)``, it keeps nothing of the caller's handle alive and needs no
/// `Input<Value>` metadata.
@inlinable @inline(never)
func readInputThroughGraph<Value>(_ id: Int32, in core: UnsafeMutablePointer<GraphCore>) -> Value {
    let outsideClosures = core.pointee.graph._withUnsafeGuaranteedRef { $0.prepareInputRead(id) }
    return core.pointee.table.base[Int(id)].box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        let box = unsafeDowncast($0, to: InputBox<Value>.self)
        if outsideClosures, let staged = box.pendingValue { return staged }
        return box.existingValue
    }
}

/// A write of input `id`, handed the node's id and the graph's core only, like
/// ``readRuleThroughGraph(_:in:)``: a single call, so that the caller's handle (say, one read from
/// an array) need not be retained across it. It takes the box from the node table and borrows the
/// graph, which outlives its nodes. That saved a retain and a release per write.
@inlinable @inline(never)
func writeInput<Value>(_ id: Int32, _ newValue: Value, in core: UnsafeMutablePointer<GraphCore>) {
    core.pointee.graph._withUnsafeGuaranteedRef { graph in
        let staged = graph.stageWriteIfNeeded(id)
        let changed = core.pointee.table.base[Int(id)].box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
            let box = unsafeDowncast($0, to: InputBox<Value>.self)
            if staged {
                box.pendingValue = newValue
                return false
            }
            return box.store(newValue)
        }
        if changed { graph.inputDidChange(id) }
    }
}

extension Graph {
    /// The bookkeeping of an input read: records the edge inside a closure; returns whether the
    /// read comes from outside any closure (where a staged write, if any, is what it returns).
    @usableFromInline
    func prepareInputRead(_ id: Int32) -> Bool {
        if recorder.isRecording {
            recordRead(id)
            return false
        }
        return !recorder.isRunning
    }

    /// Whether a write of input `id` must be staged rather than applied: inside a batch, or from
    /// inside a rule's evaluation (which is also reported). If so, queues the input for commit at
    /// the end of the batch or evaluation, and the caller stores the value in its box.
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
            // An input's update function commits its staged value (see ``InputBox``). The table
            // holds the box, so the call needs no retain of it.
            if table[id].box.unsafelyUnwrapped._withUnsafeGuaranteedRef({ $0.run() }) { markAfterChange(of: id) }
        }
        stagedInputs.truncate(to: 0)
        checkInvariantsAfterOutermostMark()
    }
}
