/// The closures of a graph's effects, with the order they were created in, each in a slot that
/// its node's record names (``NodeRecord/slot``).
///
/// An effect is the one kind of node whose handle needs nothing of the node but to stop it and to
/// ask whether it still runs: it has no value for a box to hold. So an effect has no box; the graph
/// keeps its closure here, and the handle (``Effect``) holds the node's id and the effect's
/// creation number, which no other effect shares, so that a handle whose node was cancelled and
/// whose id was reused finds another number there. Making and cancelling an effect then allocates
/// nothing of the engine's (a box was a heap object of its own, made, reference-counted and freed
/// for each effect).
///
/// Slots of cancelled effects are reused, like node ids. Entries are reached through a raw pointer,
/// like the node table's records.
struct EffectTable {
    /// One effect: its closure (`nil` in a free slot, and while the effect runs), creation number,
    /// node and place among its subgraph's members.
    struct Entry {
        var body: (() -> Void)?
        /// The effect's creation number: effects run in this order, and a handle knows its effect
        /// by it.
        var sequence: Int
        /// The effect's node id; -1 in a free slot.
        var node: Int32
        /// Where the effect's node is in its subgraph's ``Subgraph/nodes``, so that cancelling it
        /// vacates its place there in constant time (``Graph/vacate(_:at:of:)``); -1 for an effect of
        /// the root and in a free slot. (It fills the entry's last four bytes, which were padding.)
        var memberPosition: Int32
    }

    private(set) var base: UnsafeMutablePointer<Entry>
    private var capacity: Int
    /// One past the highest slot ever handed out.
    private(set) var endIndex: Int32 = 0
    /// The free slots, to reuse.
    private(set) var freeSlots = ScratchStack<Int32>(capacity: 4)

    init(capacity: Int = 4) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    subscript(slot: Int32) -> Entry {
        unsafeAddress { UnsafePointer(base + Int(slot)) }
        nonmutating unsafeMutableAddress { base + Int(slot) }
    }

    /// Takes a free slot (or a new one) for the effect of node `node`, which is at `memberPosition`
    /// among its subgraph's members (-1 at the root); returns it.
    mutating func allocate(body: consuming @escaping () -> Void, sequence: Int, node: Int32, memberPosition: Int32) -> Int32 {
        let entry = Entry(body: body, sequence: sequence, node: node, memberPosition: memberPosition)
        if let slot = freeSlots.popLast() {
            (base + Int(slot)).pointee = entry
            return slot
        }
        if Int(endIndex) == capacity { grow() }
        let slot = endIndex
        (base + Int(slot)).initialize(to: entry)
        endIndex += 1
        return slot
    }

    /// Frees `slot` and releases its closure, last, so that code its release runs (a `deinit`) finds
    /// the slot free.
    mutating func free(_ slot: Int32) {
        let entry = base + Int(slot)
        entry.pointee.node = -1
        entry.pointee.memberPosition = -1
        freeSlots.append(slot)
        entry.pointee.body = nil
    }

    /// Doubles the capacity, moving the entries to a new block.
    private mutating func grow() {
        let newCapacity = capacity * 2
        let moved = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
        moved.moveInitialize(from: base, count: Int(endIndex))
        base.deallocate()
        base = moved
        capacity = newCapacity
    }

    /// Releases every closure, as the graph goes; the slots stay, empty, until ``deallocate()``.
    mutating func dropBodies() {
        for slot in 0 ..< Int(endIndex) { base[slot].body = nil }
    }

    /// Frees the storage.
    func deallocate() {
        base.deinitialize(count: Int(endIndex))
        base.deallocate()
        freeSlots.deallocate()
    }
}
