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
        get {
            let box = self.box
            let id = box.id
            if id < 0 { detachedNodeRead(box) }  // before touching the graph, which may be gone
            let core = box.core
            if core.pointee.readMatchesRecording(id) {
                let value = box.value.unsafelyUnwrapped
                core.pointee.recordReadWithoutEvaluating()
                return value
            }
            return readInputThroughGraph(id, in: core)
        }
        nonmutating set {
            let box = self.box
            let id = box.id
            if id < 0 { detachedNodeRead(box) }
            // The graph outlives its nodes, so it needs no retain here.
            box.core.pointee.graph._withUnsafeGuaranteedRef { graph in
                if graph.mustStageWrite(id) {
                    box.pendingValue = newValue
                    graph.stageWrite(id)
                } else if box.store(newValue) {
                    graph.inputDidChange(id)
                }
            }
        }
    }
}

/// A read the inlined path of ``Input/value`` cannot do: from outside any closure (which returns
/// a staged write, if any), inside an untracked block, or one that records a new edge. Like
/// ``readRuleThroughGraph(_:in:)``, it keeps nothing of the caller's handle alive and needs no
/// `Input<Value>` metadata.
@inlinable @inline(never)
func readInputThroughGraph<Value>(_ id: Int32, in core: UnsafeMutablePointer<GraphCore>) -> Value {
    let outsideClosures = core.pointee.graph._withUnsafeGuaranteedRef { $0.prepareInputRead(id) }
    return core.pointee.table.base[Int(id)].box.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        let box = unsafeDowncast($0, to: InputBox<Value>.self)
        if outsideClosures, let staged = box.pendingValue { return staged }
        return box.value.unsafelyUnwrapped
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
    /// inside a rule's evaluation (which is also reported).
    @usableFromInline
    func mustStageWrite(_ id: Int32) -> Bool {
        if recorder.isRunning && !table[recorder.node].flags.contains(.effect) {
            report(.writeDuringEvaluation(rule: name(of: recorder.node), input: name(of: id)))
            return true
        }
        return batchDepth > 0
    }

    /// Queues input `id`, whose box holds a staged value, for commit at the end of the batch or
    /// evaluation.
    @usableFromInline
    func stageWrite(_ id: Int32) {
        if !table[id].flags.contains(.pendingWrite) {
            table[id].flags.insert(.pendingWrite)
            stagedInputs.append(id)
        }
    }

    /// Applies staged input writes in the order the inputs were first written, marking readers of
    /// those whose value really changed.
    ///
    /// It walks the list in place and empties it afterwards: committing marks nodes and runs no
    /// closure but `==`, so nothing stages a write meanwhile. (Copying the list first, as an array,
    /// made it shared, so that emptying it allocated a new buffer at every batch.)
    @usableFromInline
    func commitStagedWrites() {
        for index in 0 ..< stagedInputs.count {
            let id = stagedInputs[index]
            guard table.isLive(id) else { continue }
            assert(table[id].flags.contains(.input), "Constraints: only inputs stage writes")
            table[id].flags.remove(.pendingWrite)
            // An input's update function commits its staged value (see ``InputBox``).
            if box(of: id).run() { inputDidChange(id) }
        }
        stagedInputs.truncate(to: 0)
    }
}
