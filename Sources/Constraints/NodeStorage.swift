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

    /// `word` with its sequence kept and `node` in place of its node id: a slot handed to a node
    /// (or a retired slot's value dropped, with -1).
    @inlinable @inline(__always)
    static func word(_ word: UInt64, naming node: Int32) -> UInt64 {
        Self.word(sequence: UInt32(truncatingIfNeeded: word >> 32), node: node)
    }

    /// `word` with its sequence moved on and `node` in place of its node id: a slot freed (-1), or
    /// retired with its node id kept, so that the handles holding `word` see their node gone.
    @inlinable @inline(__always)
    static func nextWord(after word: UInt64, naming node: Int32) -> UInt64 {
        Self.word(sequence: UInt32(truncatingIfNeeded: word >> 32) &+ 1, node: node)
    }

    /// `offset` rounded up to a multiple of `alignment`: where the next part of an entry (of a rule
    /// store's chunk or an input page) may start.
    @inlinable @inline(__always)
    static func roundUp(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
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
