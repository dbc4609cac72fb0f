/// A node whose value is computed by a closure from the nodes it reads.
///
/// `Rule` is a cheap handle; copies refer to the same node. Reading ``value`` brings the rule up to
/// date first: the closure runs only if the rule never ran or one of the values it read changed.
///
/// ```swift
/// let area = graph.rule(name: "area") { width.value * height.value }
/// print(area.value)
/// ```
public struct Rule<Value>: @unchecked Sendable {
    let box: RuleBox<Value>

    /// The rule's value, brought up to date on demand. Reading it inside a rule or effect records
    /// an edge.
    ///
    /// Reading a rule while it is being computed (a dependency cycle) reports
    /// ``Diagnostic/cycle(_:)`` and returns the rule's previous value, or its `initialValue:`;
    /// with neither, the program stops with a message naming the cycle.
    public var value: Value { box.graph.readRule(box) }

}

extension Graph {
    @inline(__always)
    func readRule<Value>(_ box: RuleBox<Value>) -> Value {
        let id = box.id
        if id < 0 { detachedNodeRead(box) }
        let flags = table[id].flags
        if !flags.isDisjoint(with: [.visiting, .running]) { return cyclicRead(box) }
        if !flags.isDisjoint(with: [.dirty, .forceRun]) || !flags.contains(.hasValue) {
            bringUpToDate(id)
        }
        if !runStack.isEmpty { recordRead(id) }
        return box.value.unsafelyUnwrapped
    }

    /// A read of a node that is itself being brought up to date: a dependency cycle.
    private func cyclicRead<Value>(_ box: RuleBox<Value>) -> Value {
        let id = box.id
        var path = [name(of: id)]
        if let start = walkStack.lastIndex(where: { $0.node == id }) {
            path = walkStack[start...].map { name(of: $0.node) } + path
        } else if let reader = runStack.last?.node {
            path.insert(name(of: reader), at: 0)
        }
        if !runStack.isEmpty { recordRead(id) }
        guard let value = box.value else {
            fatalError("Constraints: dependency cycle \(path.joined(separator: " → ")); "
                + "'\(name(of: id))' has no previous value and no initialValue to return")
        }
        report(.cycle(path))
        return value
    }
}
