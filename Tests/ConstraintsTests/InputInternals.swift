@testable import Constraints

extension Input {
    /// The input's store, found through its graph's node table, while the input exists.
    var store: InputStore<Value> {
        unsafeDowncast(core.pointee.table[nodeID].box!.takeUnretainedValue(), to: InputStore<Value>.self)
    }

    /// The input's slot in its store (its record's ``NodeRecord/slot``), while the input exists.
    var slot: Int32 { core.pointee.table[nodeID].slot }
}
