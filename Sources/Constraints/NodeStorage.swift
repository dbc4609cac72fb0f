/// What a node's record holds of the node's value (``NodeRecord/box``), for code that does not
/// know the value type: the store of the graph's rules (``AnyRuleStore``) or inputs
/// (``AnyInputStore``) of one value type, which holds the node in the slot its record names
/// (``NodeRecord/slot``).
@usableFromInline
class NodeStorage {
    @usableFromInline
    init() {}

    /// A slot's word: its sequence in the high half, the node id of its node (-1 if free) in the
    /// low half. The sequence counts the nodes the slot held, so that a handle holding the word
    /// its slot had when its node was made tells whether the slot still holds that node.
    @inlinable @inline(__always)
    static func word(sequence: UInt32, node: Int32) -> UInt64 {
        UInt64(sequence) << 32 | UInt64(UInt32(bitPattern: node))
    }

    /// Frees `slot`, whose node no longer exists, and drops its value (and a rule's body): a value
    /// holding other nodes' handles must not keep them alive.
    func detach(slot: Int32) {}

    /// The value of the node in `slot` as text, for dumps.
    func valueDescription(slot: Int32) -> String { "" }

    /// The value type's name, for dumps and default names.
    var valueTypeName: String { "" }

    /// Whether the node in `slot` has a value now. Not while a rule's cutoff compares a new value
    /// with the old one, which it moved out of the entry (``RuleStore/equatableUpdate()``).
    func holdsValue(slot: Int32) -> Bool { false }

    /// Whether the node in `slot` has a written value not committed yet (an input's staged write).
    func holdsStagedValue(slot: Int32) -> Bool { false }
}
