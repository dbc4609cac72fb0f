/// A source node: a value written from outside the graph (state, environment, time).
///
/// `Input` is a cheap handle; copies refer to the same node.
///
/// ```swift
/// let count = graph.input(0, name: "count")
/// count.value += 1      // marks the readers of `count`; evaluates nothing
/// ```
public struct Input<Value>: @unchecked Sendable {
    let box: InputBox<Value>

    /// The input's value.
    ///
    /// Reading it inside a rule or effect records an edge. Setting it marks every node that may
    /// depend on it, unless the new value is `==` to the current one. Inside ``Graph/batch(_:)`` the
    /// write is staged until the batch ends. Writing from inside a rule's evaluation is reported as
    /// ``Diagnostic/writeDuringEvaluation(rule:input:)`` and applied when the evaluation finishes.
    public var value: Value {
        get { box.graph.readInput(box) }
        nonmutating set { box.graph.writeInput(box, newValue) }
    }

}

extension Graph {
    @inline(__always)
    func readInput<Value>(_ box: InputBox<Value>) -> Value {
        let id = box.id
        if id < 0 { detachedNodeRead(box) }
        if runStack.isEmpty {
            if let staged = box.pendingValue { return staged }
        } else {
            recordRead(id)
        }
        return box.value.unsafelyUnwrapped
    }

    func writeInput<Value>(_ box: InputBox<Value>, _ value: Value) {
        let id = box.id
        if id < 0 { detachedNodeRead(box) }
        if let frame = runStack.last, !frame.isEffect {
            report(.writeDuringEvaluation(rule: name(of: frame.node), input: name(of: id)))
            stage(box, value)
        } else if batchDepth > 0 {
            stage(box, value)
        } else if box.store(value) {
            inputDidChange(id)
        }
    }

    private func stage<Value>(_ box: InputBox<Value>, _ value: Value) {
        box.pendingValue = value
        if !table[box.id].flags.contains(.pendingWrite) {
            table[box.id].flags.insert(.pendingWrite)
            stagedInputs.append(box.id)
        }
    }
}
