/// A reference to an input or rule that does not keep it alive and reads as `nil` once the node is
/// destroyed (its subgraph was destroyed) — AttributeGraph's weak attribute.
public struct WeakNode<Value>: @unchecked Sendable {
    private weak var box: ValueBox<Value>?

    /// A weak reference to `input`.
    public init(_ input: Input<Value>) { box = input.box }

    /// A weak reference to `rule`.
    public init(_ rule: Rule<Value>) { box = rule.box }

    /// Whether the node still exists.
    public var isAlive: Bool { (box?.id ?? -1) >= 0 }

    /// Whether the node's storage was reclaimed (no handle and no graph holds it any more).
    public var isReclaimed: Bool { box == nil }

    /// The rule, if this refers to a rule that still exists.
    public var rule: Rule<Value>? {
        guard isAlive, let rule = box as? RuleBox<Value> else { return nil }
        return Rule(box: rule)
    }

    /// The input, if this refers to an input that still exists.
    public var input: Input<Value>? {
        guard isAlive, let input = box as? InputBox<Value> else { return nil }
        return Input(box: input)
    }

    /// The node's value (brought up to date, and recorded as a read inside a rule), or `nil` once
    /// the node no longer exists.
    public var value: Value? { rule?.value ?? input?.value }

    /// The node's value as last computed (see ``Rule/cachedValue``), or `nil`.
    public var cachedValue: Value? { rule?.cachedValue ?? input?.value }
}
