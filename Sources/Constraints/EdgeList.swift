/// A compact list of node ids, a node's output edges (its input edges are an ``InputList``): one
/// machine word per list, no allocation for zero or one edge, in the encoding of
/// ``OneWordIDList`` (which reads it).
///
/// Most nodes in a UI graph have a single input and a single reader (chains of modifiers), so the
/// common case is stored inline. Longer lists live in a heap block laid out as
/// `[count, capacity, id0, id1, …]` (all `Int32`).
///
/// Heap blocks come from the graph's ``EdgeBlockArena``, which every method that may make or drop
/// a block is handed; the owner of a list gives its block back with ``deallocate(in:)``. `EdgeList`
/// is a plain value and does no reference counting.
@usableFromInline
struct EdgeList: OneWordIDList {
    @usableFromInline var raw: UInt = 0

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
