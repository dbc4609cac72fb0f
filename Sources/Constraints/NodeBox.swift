/// Type-erased storage for one node's value and closure; the graph's ``NodeTable`` retains one
/// per live node and calls ``run(hadValue:)`` without knowing the value type.
///
/// Field order in the subclasses is chosen so that a `Rule<Int>` box is 56 bytes (one 64-byte
/// malloc chunk); see the memory figures in the README.
class NodeBox {
    /// The node's id while it is alive; ``NodeBox/detachedID`` once it was destroyed, cancelled or
    /// its graph was deallocated.
    var nodeID: Int32 {
        get { fatalError("abstract") }
        set { fatalError("abstract") }
    }

    /// The graph, or `nil` once the node no longer exists (the graph itself may be gone then).
    var liveGraph: Graph? { fatalError("abstract") }

    /// Marker id of a box whose node no longer exists.
    static let detachedID: Int32 = -1

    /// Runs the closure and stores its result; returns whether the value changed
    /// (always `true` when there was no value before).
    func run(hadValue: Bool) -> Bool { fatalError("abstract") }

    /// Drops the closure (and everything it captured) and marks the box detached.
    func detach() { fatalError("abstract") }

    /// Commits a staged input write; returns whether the value changed. Only inputs stage writes.
    func commitPending() -> Bool { false }

    /// The node's value as text, for dumps.
    var valueDescription: String { "" }

    /// The value type's name, for dumps and default names.
    var valueTypeName: String { "" }
}

/// A box holding a value of type `Value`: the common part of inputs and rules.
class ValueBox<Value>: NodeBox {
    final unowned(unsafe) let graph: Graph
    /// The cached value (for a rule with an `initialValue:`, that value until the first run).
    final var value: Value?
    final var id: Int32

    init(graph: Graph, value: Value?) {
        self.graph = graph
        self.value = value
        self.id = NodeBox.detachedID
    }

    override final var nodeID: Int32 {
        get { id }
        set { id = newValue }
    }

    override final var liveGraph: Graph? { id < 0 ? nil : graph }

    /// Whether two values are the same for the equality cutoff. `false` unless `Value` is `Equatable`.
    func isSame(_ old: Value, _ new: Value) -> Bool { false }

    override var valueDescription: String { value.map { String(describing: $0) } ?? "nil" }
    override var valueTypeName: String { String(describing: Value.self) }
}

/// The box of an ``Input``: a value plus a written-but-not-yet-committed value.
class InputBox<Value>: ValueBox<Value> {
    final var pendingValue: Value?

    /// Commits ``pendingValue``; returns whether the stored value changed.
    override final func commitPending() -> Bool {
        guard let new = pendingValue else { return false }
        pendingValue = nil
        return store(new)
    }

    /// Stores `new` unless it equals the current value; returns whether it changed.
    final func store(_ new: Value) -> Bool {
        if let old = value, isSame(old, new) { return false }
        value = new
        return true
    }

    override func run(hadValue: Bool) -> Bool { false }

    override func detach() {
        id = NodeBox.detachedID
        pendingValue = nil
    }
}

/// The input box of an `Equatable` value: `==` decides the cutoff.
final class EquatableInputBox<Value: Equatable>: InputBox<Value> {
    override func isSame(_ old: Value, _ new: Value) -> Bool { old == new }
}

/// The box of a ``Rule``: its closure and cached value.
class RuleBox<Value>: ValueBox<Value> {
    final var body: (() -> Value)?

    init(graph: Graph, initialValue: Value?, body: @escaping () -> Value) {
        self.body = body
        super.init(graph: graph, value: initialValue)
    }

    override final func run(hadValue: Bool) -> Bool {
        let new = body.unsafelyUnwrapped()
        if hadValue, let old = value, isSame(old, new) { return false }
        value = new
        return true
    }

    override final func detach() {
        id = NodeBox.detachedID
        body = nil
    }
}

/// The rule box of an `Equatable` value: `==` decides the cutoff.
final class EquatableRuleBox<Value: Equatable>: RuleBox<Value> {
    override func isSame(_ old: Value, _ new: Value) -> Bool { old == new }
}

/// The box of an ``Effect``: a closure run for its side effects.
final class EffectBox: NodeBox {
    unowned(unsafe) let graph: Graph
    var id: Int32 = NodeBox.detachedID
    var body: (() -> Void)?
    /// Creation order, which is the order effects run in during `flush()`.
    let sequence: Int

    init(graph: Graph, sequence: Int, body: @escaping () -> Void) {
        self.graph = graph
        self.sequence = sequence
        self.body = body
    }

    override var nodeID: Int32 {
        get { id }
        set { id = newValue }
    }

    override var liveGraph: Graph? { id < 0 ? nil : graph }

    override var valueTypeName: String { "Effect" }

    override func run(hadValue: Bool) -> Bool {
        body.unsafelyUnwrapped()
        return false
    }

    override func detach() {
        id = NodeBox.detachedID
        body = nil
    }
}

extension Equatable {
    /// Makes the `Equatable` flavour of an input box when `Value == Self` at run time, so that the
    /// cutoff works even when the caller's `Value` is not statically known to be `Equatable`.
    static func makeInputBox<Value>(graph: Graph, value: Value) -> InputBox<Value> {
        EquatableInputBox<Self>(graph: graph, value: (value as! Self)) as! InputBox<Value>
    }

    /// The rule counterpart of ``makeInputBox(graph:value:)``.
    static func makeRuleBox<Value>(
        graph: Graph, initialValue: Value?, body: @escaping () -> Value
    ) -> RuleBox<Value> {
        EquatableRuleBox<Self>(
            graph: graph, initialValue: initialValue.map { $0 as! Self }, body: body as! () -> Self
        ) as! RuleBox<Value>
    }
}

/// Makes the input box for `Value`, choosing the `Equatable` flavour when `Value` is `Equatable`.
func makeInputBox<Value>(graph: Graph, value: Value) -> InputBox<Value> {
    if let equatable = Value.self as? any Equatable.Type {
        return equatable.makeInputBox(graph: graph, value: value)
    }
    return InputBox(graph: graph, value: value)
}

/// Makes the rule box for `Value`, choosing the `Equatable` flavour when `Value` is `Equatable`.
func makeRuleBox<Value>(
    graph: Graph, initialValue: Value?, body: @escaping () -> Value
) -> RuleBox<Value> {
    if let equatable = Value.self as? any Equatable.Type {
        return equatable.makeRuleBox(graph: graph, initialValue: initialValue, body: body)
    }
    return RuleBox(graph: graph, initialValue: initialValue, body: body)
}
