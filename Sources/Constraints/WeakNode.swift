/// A reference to an input or rule that does not keep it alive and reads as `nil` once the node is
/// destroyed (its subgraph was destroyed) — AttributeGraph's weak attribute.
public struct WeakNode<Value>: @unchecked Sendable {
    /// A rule's box; `nil` for an input.
    private weak var box: RuleBox<Value>?
    /// The handle of an input, which holds its node without keeping it alive (see ``Input``);
    /// `nil` for a rule.
    private let inputHandle: Input<Value>?

    /// A weak reference to `input`.
    public init(_ input: Input<Value>) {
        inputHandle = input
    }

    /// A weak reference to `rule`.
    public init(_ rule: Rule<Value>) {
        (box, inputHandle) = (rule.box, nil)
    }

    /// Whether this refers to an input.
    private var isInput: Bool { inputHandle != nil }

    /// Whether the node still exists.
    public var isAlive: Bool {
        if let inputHandle { return inputHandle.exists }
        return (box?.id ?? -1) >= 0
    }

    /// Whether the node's storage was reclaimed: a rule's box once no handle and no graph holds it;
    /// an input's as soon as the input no longer exists, since its value is in a slot of its
    /// graph's store for its value type, which drops the value and frees the slot for another
    /// input at once.
    public var isReclaimed: Bool { isInput ? !isAlive : box == nil }

    /// The rule, if this refers to a rule that still exists.
    public var rule: Rule<Value>? {
        guard isAlive, let box else { return nil }
        return Rule(box: box)
    }

    /// The input, if this refers to an input that still exists.
    public var input: Input<Value>? {
        guard let inputHandle, inputHandle.exists else { return nil }
        return inputHandle
    }

    /// The node's value (brought up to date, and recorded as a read inside a rule), or `nil` once
    /// the node no longer exists.
    public var value: Value? { rule?.value ?? input?.value }

    /// The node's value as last computed (see ``Rule/cachedValue``), or `nil`.
    public var cachedValue: Value? { rule?.cachedValue ?? input?.value }
}
