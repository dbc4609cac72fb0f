/// A compact list of node ids, a node's output edges (its input edges are an ``InputList``): one
/// machine word per list, no allocation for zero or one edge.
///
/// Most nodes in a UI graph have a single input and a single reader (chains of modifiers), so the
/// common case is stored inline. Longer lists live in a heap block laid out as
/// `[count, capacity, id0, id1, …]` (all `Int32`); a block always holds two ids or more, since every
/// operation that leaves one id or none stores the list inline.
///
/// The word is `0` for an empty list, and otherwise the address of the heap block (which is at
/// least 8-byte aligned, so its low bit is 0), unless it holds a single id: then its low half is
/// `(id << 1) | 1` and its high half the byte offset of the node's record in the ``NodeTable``.
/// The offset lets the walks down a chain find the next record with a shift instead of a
/// multiplication, which is on the critical path of every step.
///
/// Heap blocks come from the graph's ``EdgeBlockArena``, which every method that may make or drop
/// a block is handed; the owner of a list gives its block back with ``deallocate(in:)``. `EdgeList`
/// is a plain value and does no reference counting.
@usableFromInline
struct EdgeList {
    @usableFromInline var raw: UInt = 0

    @usableFromInline static var headerSize: Int { 2 }

    @inlinable var block: UnsafeMutablePointer<Int32>? {
        raw != 0 && raw & 1 == 0 ? UnsafeMutablePointer(bitPattern: raw) : nil
    }

    /// Whether the list holds no id.
    @inline(__always)
    var isEmpty: Bool { raw == 0 }

    /// Whether the list holds exactly one id (stored inline).
    @inline(__always)
    var isSingle: Bool { raw & 1 == 1 }

    /// The id of a list that ``isSingle``.
    @inlinable @inline(__always)
    var single: Int32 { Int32(truncatingIfNeeded: raw) >> 1 }

    /// The record of the node in a list that ``isSingle``, in the table whose records start at
    /// `records`.
    @inline(__always)
    func singleRecord(in records: UnsafeMutablePointer<NodeRecord>) -> UnsafeMutablePointer<NodeRecord> {
        (UnsafeMutableRawPointer(records) + Int(raw >> 32)).assumingMemoryBound(to: NodeRecord.self)
    }

    /// The word of a list holding only `id`.
    @inline(__always)
    static func word(single id: Int32) -> UInt {
        let offset = UInt(UInt32(id)) &* UInt(MemoryLayout<NodeRecord>.stride)
        return offset << 32 | UInt(UInt32(id)) << 1 | 1
    }

    /// The number of ids in the list.
    @inline(__always)
    var count: Int {
        if raw == 0 { return 0 }
        if raw & 1 == 1 { return 1 }
        return Int(block.unsafelyUnwrapped[0])
    }

    /// The id at `index` (`0 ..< count`).
    @inline(__always)
    subscript(index: Int) -> Int32 {
        if raw & 1 == 1 { return single }
        return block.unsafelyUnwrapped[Self.headerSize &+ index]
    }

    /// The id at `index`, or -1 if `index` is outside `0 ..< count` (negative or past the end):
    /// cheaper than checking ``count`` first.
    @inlinable @inline(__always)
    func id(at index: Int) -> Int32 {
        if raw & 1 == 1 { return index == 0 ? single : -1 }
        guard let block else { return -1 }
        return UInt(bitPattern: index) < UInt(truncatingIfNeeded: block[0]) ? block[Self.headerSize &+ index] : -1
    }

    /// The ids of a list of two or more, which live in a heap block; `nil` for zero or one id.
    @inline(__always)
    var multiple: UnsafeBufferPointer<Int32>? {
        guard let block else { return nil }
        return UnsafeBufferPointer(start: block + Self.headerSize, count: Int(block[0]))
    }

    func firstIndex(of id: Int32) -> Int? {
        for index in 0 ..< count where self[index] == id { return index }
        return nil
    }

    /// Appends `id` at the end, taking a block from `blocks` when the list needs a new one.
    ///
    /// Inlined for the lists that need no new block, an empty one and a block with room: a rule's
    /// first run appends each of its reads to the read node's outputs (``Graph/appendRead(_:stamp:)``).
    @inline(__always)
    mutating func append(_ id: Int32, in blocks: inout EdgeBlockArena) {
        if raw == 0 {
            raw = Self.word(single: id)
            return
        }
        if let storage = block, storage[0] < storage[1] {
            storage[Self.headerSize &+ Int(storage[0])] = id
            storage[0] &+= 1
            return
        }
        appendMovingToLargerBlock(id, in: &blocks)
    }

    /// ``append(_:in:)`` for a list of one id, or of a full block: moves the ids to a block from
    /// `blocks` with room for more (the old block going back to it), and appends `id` there.
    @inline(never)
    private mutating func appendMovingToLargerBlock(_ id: Int32, in blocks: inout EdgeBlockArena) {
        if raw & 1 == 1 {
            let storage = blocks.allocate(minimumCapacity: 2)
            storage[0] = 2
            storage[Self.headerSize] = single
            storage[Self.headerSize + 1] = id
            raw = UInt(bitPattern: storage)
            return
        }
        let old = block.unsafelyUnwrapped
        let count = Int(old[0])
        assert(count == Int(old[1]), "Constraints: a list moves to a larger block only when its block is full")
        let storage = blocks.allocate(minimumCapacity: count + 1)
        storage.advanced(by: Self.headerSize).update(from: old.advanced(by: Self.headerSize), count: count)
        blocks.free(old)
        storage[Self.headerSize + count] = id
        storage[0] = Int32(count + 1)
        raw = UInt(bitPattern: storage)
    }

    /// Keeps the first `newCount` ids and drops the rest, keeping the order; a block it no longer
    /// needs goes back to `blocks`.
    mutating func truncate(to newCount: Int, in blocks: inout EdgeBlockArena) {
        if newCount >= count { return }
        if newCount == 0 {
            deallocate(in: &blocks)
        } else if newCount == 1 {
            let first = self[0]
            deallocate(in: &blocks)
            raw = Self.word(single: first)
        } else {
            block.unsafelyUnwrapped[0] = Int32(newCount)
        }
    }

    /// Removes the id at `index` by moving the last id into its place (order is not kept); a block
    /// it no longer needs goes back to `blocks`.
    mutating func swapRemove(at index: Int, in blocks: inout EdgeBlockArena) {
        let last = count - 1
        if index != last, let storage = block {
            storage[Self.headerSize + index] = storage[Self.headerSize + last]
        }
        truncate(to: last, in: &blocks)
    }

    /// Gives the heap block, if any, back to `blocks`, and empties the list.
    mutating func deallocate(in blocks: inout EdgeBlockArena) {
        if let block { blocks.free(block) }
        raw = 0
    }
}
