/// A reference to an input or rule that does not keep it alive and reads as `nil` once the node is
/// destroyed (its subgraph was destroyed) — AttributeGraph's weak attribute.
public struct WeakNode<Value>: @unchecked Sendable {
    /// An input's store, slot and word (see ``Input``); `nil` and -1 for a rule.
    private weak var inputStore: InputStore<Value>?
    private let slot: Int32
    /// A rule's entry (see ``Rule``); `nil` for an input.
    private let entry: UnsafeMutableRawPointer?
    /// The word of the input's slot or of the rule's entry when the node was made.
    private let word: UInt64

    /// A weak reference to `input`.
    public init(_ input: Input<Value>) {
        (inputStore, slot, entry, word) = (input.store, input.slot, nil, input.word)
    }

    /// A weak reference to `rule`.
    public init(_ rule: Rule<Value>) {
        (slot, entry, word) = (-1, rule.entry, rule.word)
    }

    /// Whether the node still exists.
    public var isAlive: Bool { rule != nil || input != nil }

    /// Whether the node's storage was reclaimed. A node's value (and a rule's body) is in a slot
    /// of its graph's store for its value type, which drops it and frees the slot for another node
    /// as soon as the node no longer exists.
    public var isReclaimed: Bool { !isAlive }

    /// The rule, if this refers to a rule that still exists.
    public var rule: Rule<Value>? {
        // The entry's memory is never freed (see ``AnyRuleStore``).
        guard let entry else { return nil }
        let rule = Rule<Value>(entry: entry, word: word)
        return rule.exists ? rule : nil
    }

    /// The input, if this refers to an input that still exists.
    public var input: Input<Value>? {
        guard let inputStore, inputStore.holds(slot, word: word) else { return nil }
        return Input(store: inputStore, slot: slot, word: word)
    }

    /// The node's value (brought up to date, and recorded as a read inside a rule), or `nil` once
    /// the node no longer exists.
    public var value: Value? { rule?.value ?? input?.value }

    /// The node's value as last computed (see ``Rule/cachedValue``), or `nil`.
    public var cachedValue: Value? { rule?.cachedValue ?? input?.value }
}
