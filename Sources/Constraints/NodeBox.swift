/// Type-erased storage for one node's value and closure; the graph's ``NodeTable`` retains one
/// per live node and calls ``run(hadValue:)`` without knowing the value type.
///
/// Field order in the subclasses is chosen so that a `Rule<Int>` box is 56 bytes (one 64-byte
/// malloc chunk); see the memory figures in the README.
@usableFromInline
class NodeBox {
    /// Runs the node's closure and stores its result; its argument says whether there was a value
    /// to compare with, and it returns whether the value changed. `nil` for inputs and for
    /// detached boxes.
    ///
    /// It lives in this non-generic class so that it is stored, and called, without the
    /// reabstraction a closure field of a generic class needs (which would allocate per call).
    @usableFromInline @exclusivity(unchecked)
    final var update: ((Bool) -> Bool)?

    /// The node's id while it is alive; ``NodeBox/detachedID`` once it was destroyed, cancelled or
    /// its graph was deallocated.
    @usableFromInline
    var nodeID: Int32 {
        get { fatalError("abstract") }
        set { fatalError("abstract") }
    }

    /// The graph, or `nil` once the node no longer exists (the graph itself may be gone then).
    var liveGraph: Graph? { fatalError("abstract") }

    /// Marker id of a box whose node no longer exists.
    @usableFromInline
    static let detachedID: Int32 = -1

    @usableFromInline
    init() {}

    /// Runs the closure and stores its result; returns whether the value changed
    /// (always `true` when there was no value before).
    @inline(__always)
    final func run(hadValue: Bool) -> Bool { update!(hadValue) }

    /// Drops the closure (and everything it captured) and marks the box detached.
    func detach() {
        update = nil
        nodeID = NodeBox.detachedID
    }

    /// Commits a staged input write; returns whether the value changed. Only inputs stage writes.
    func commitPending() -> Bool { false }

    /// The node's value as text, for dumps.
    var valueDescription: String { "" }

    /// The value type's name, for dumps and default names.
    var valueTypeName: String { "" }
}

/// A box holding a value of type `Value`: the common part of inputs and rules.
@usableFromInline
class ValueBox<Value>: NodeBox {
    /// The graph, unretained: a node lives no longer than its graph (boxes are detached when the
    /// graph goes), and calls through it need no retain.
    @usableFromInline
    final let graphReference: Unmanaged<Graph>

    @usableFromInline
    final var graph: Graph { graphReference.takeUnretainedValue() }
    /// The cached value (for a rule with an `initialValue:`, that value until the first run).
    @usableFromInline @exclusivity(unchecked)
    final var value: Value?
    @usableFromInline @exclusivity(unchecked)
    final var id: Int32

    @usableFromInline
    init(graph: Graph, value: Value?) {
        self.graphReference = .passUnretained(graph)
        self.value = value
        self.id = NodeBox.detachedID
    }

    @usableFromInline
    override final var nodeID: Int32 {
        get { id }
        set { id = newValue }
    }

    override final var liveGraph: Graph? { id < 0 ? nil : graph }

    override var valueDescription: String { value.map { String(describing: $0) } ?? "nil" }
    override var valueTypeName: String { String(describing: Value.self) }
}

/// The box of an ``Input``: a value, a written-but-not-yet-committed value, and how to compare.
@usableFromInline
final class InputBox<Value>: ValueBox<Value> {
    @usableFromInline @exclusivity(unchecked)
    var pendingValue: Value?
    /// `==` when `Value` is `Equatable`; `nil` means every write is a change.
    @usableFromInline
    let isSame: ((Value, Value) -> Bool)?

    @usableFromInline
    init(graph: Graph, value: Value, isSame: ((Value, Value) -> Bool)?) {
        self.isSame = isSame
        super.init(graph: graph, value: value)
    }

    override func commitPending() -> Bool {
        guard let new = pendingValue else { return false }
        pendingValue = nil
        return store(new)
    }

    /// Stores `new` unless it equals the current value; returns whether it changed.
    @inlinable
    func store(_ new: Value) -> Bool {
        if let isSame, let old = value, isSame(old, new) { return false }
        value = new
        return true
    }

    override func detach() {
        super.detach()
        pendingValue = nil
    }
}

/// The box of a ``Rule``: its cached value; ``NodeBox/update`` runs its body.
///
/// The closure is built where the rule is created (``Graph/rule(name:initialValue:requiresMainThread:_:)``
/// is inlinable), so computing, comparing and storing the value runs as code specialised for
/// `Value` rather than through generic value witnesses.
@usableFromInline
final class RuleBox<Value>: ValueBox<Value> {
    /// The rule's body. The update closure captures only the box (so that Swift can use the box
    /// itself as the closure's context) and finds the body here. `nil` once detached, so that
    /// nothing the body captured outlives the node.
    @usableFromInline @exclusivity(unchecked)
    var body: (() -> Value)?

    @usableFromInline
    init(graph: Graph, initialValue: Value?, body: @escaping () -> Value) {
        self.body = body
        super.init(graph: graph, value: initialValue)
    }

    override func detach() {
        super.detach()
        body = nil
    }

    /// Installs the update closure, with `isSame` deciding the cutoff (`nil`: every run is a change).
    ///
    /// The update closure holds the box strongly (a cycle the graph breaks with ``detach()``).
    @inlinable
    func install(isSame: ((Value, Value) -> Bool)?) {
        update = { [self] hadValue in
            let new = self.body!()
            if hadValue, let isSame, let old = self.value, isSame(old, new) { return false }
            self.value = new
            return true
        }
    }

    /// Installs the update closure of an `Equatable` rule: the cutoff compares with `==`.
    @inlinable
    func install() where Value: Equatable {
        update = { [self] hadValue in
            let new = self.body!()
            if hadValue, let old = self.value, old == new { return false }
            self.value = new
            return true
        }
    }
}

/// The box of an ``Effect``: a closure run for its side effects.
final class EffectBox: NodeBox {
    unowned(unsafe) let graph: Graph
    var id: Int32 = NodeBox.detachedID
    /// Creation order, which is the order effects run in during `flush()`.
    let sequence: Int

    init(graph: Graph, sequence: Int, body: @escaping () -> Void) {
        self.graph = graph
        self.sequence = sequence
        super.init()
        update = { _ in
            body()
            return false
        }
    }

    override var nodeID: Int32 {
        get { id }
        set { id = newValue }
    }

    override var liveGraph: Graph? { id < 0 ? nil : graph }

    override var valueTypeName: String { "Effect" }
}

extension Equatable {
    /// `==` for `Value`, when `Value == Self` at run time.
    static func equality<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
        { ($0 as! Self) == ($1 as! Self) }
    }
}

/// `==` for `Value` if it is `Equatable` at run time, so that the cutoff works even when the
/// caller's `Value` is not statically known to be `Equatable` (generic code such as a view layer).
@usableFromInline
func dynamicEquality<Value>(for _: Value.Type) -> ((Value, Value) -> Bool)? {
    (Value.self as? any Equatable.Type)?.equality(as: Value.self)
}
