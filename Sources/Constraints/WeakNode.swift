/// A reference to an input or rule that does not keep it alive and reads as `nil` once the node is
/// destroyed (its subgraph was destroyed) — AttributeGraph's weak attribute.
///
/// Read it where its graph's nodes are read (the graph's update thread, or under its lock). Once
/// the graph is gone, the memory of its nodes' slots may serve another graph's nodes: the read
/// still answers `nil`, but if that graph makes or destroys nodes on another thread meanwhile, the
/// read of the slot's word races with its writes (ThreadSanitizer reports it).
public struct WeakNode<Value>: @unchecked Sendable {
    /// The input's handle; `nil` for a rule. Neither handle keeps its node alive: each is the
    /// address of its node's slot and the slot's word when the node was made (see ``Input`` and
    /// ``Rule``).
    private let inputHandle: Input<Value>?
    /// The rule's handle; `nil` for an input.
    private let ruleHandle: Rule<Value>?

    /// A weak reference to `input`.
    public init(_ input: Input<Value>) {
        (inputHandle, ruleHandle) = (input, nil)
    }

    /// A weak reference to `rule`.
    public init(_ rule: Rule<Value>) {
        (inputHandle, ruleHandle) = (nil, rule)
    }

    /// Whether the node still exists.
    public var isAlive: Bool { inputHandle?.exists ?? ruleHandle?.exists ?? false }

    /// Whether the node's storage was reclaimed. A node's value (and a rule's body) is in a slot
    /// of its graph's store for its value type, which drops it and frees the slot for another node
    /// as soon as the node no longer exists.
    public var isReclaimed: Bool { !isAlive }

    /// The rule, if this refers to a rule that still exists.
    public var rule: Rule<Value>? {
        guard let ruleHandle, ruleHandle.exists else { return nil }
        return ruleHandle
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
