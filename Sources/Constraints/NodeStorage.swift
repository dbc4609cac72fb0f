/// What a node's record holds of the node's value (``NodeRecord/box``), for code that does not
/// know the value type: a rule's own box (``NodeBox``), or the store of the graph's inputs of one
/// value type (``AnyInputStore``), which holds the input in the slot its record names
/// (``NodeRecord/slot``; -1 for a box, which holds one node).
@usableFromInline
class NodeStorage {
    @usableFromInline
    init() {}

    /// Drops the value of the node in `slot`, which no longer exists (and a rule's body): a value
    /// holding other nodes' handles must not keep them alive (or release them recursively later).
    func detach(slot: Int32) {}

    /// The value of the node in `slot` as text, for dumps.
    func valueDescription(slot: Int32) -> String { "" }

    /// The value type's name, for dumps and default names.
    var valueTypeName: String { "" }

    /// Whether the node in `slot` has a value now. Not while a rule's cutoff compares a new value
    /// with the old one, which it moved out of the box (``RuleBox/equatableUpdate()``).
    func holdsValue(slot: Int32) -> Bool { false }

    /// Whether the node in `slot` has a written value not committed yet (an input's staged write).
    func holdsStagedValue(slot: Int32) -> Bool { false }
}
