/// A node's input edges, in read order, each with its *mirror*: the position of this node in that
/// input's output list (``EdgeList``), so that removing an edge finds its other end without a
/// search. One machine word per list, no allocation for zero or one edge, in the encoding of
/// ``OneWordIDList`` (which reads it), as an ``EdgeList`` is.
///
/// A single input's mirror is kept in ``singleMirror``. Longer lists live in a heap block from the
/// graph's input ``EdgeBlockArena``, laid out as `[count, slots, id0, id1, …, mirror0, mirror1, …]`
/// (all `Int32`): the arena's header counts `slots`, of which the first half hold ids and the
/// second half their mirrors, so that the ids stay contiguous for the walks that scan them.
///
/// Keeping mirrors right is the graph's business (`DependencyRecording.swift`): appending an edge
/// records where the reader went in the input's output list, and an output list that moves a reader
/// (``EdgeList/swapRemove(at:in:)``) updates that reader's mirror. Removing an input edge from this
/// list moves no output list, so the mirrors of the other entries stay as they are.
@usableFromInline
struct InputList: OneWordIDList {
    @usableFromInline var raw: UInt = 0
    /// The mirror of a single input; unused otherwise. Beside the word rather than in it, so that
    /// the word keeps the record offset: in the word instead of the offset, it cost the walk down a
    /// chain a multiplication per step (callgrind: `cutoff` +3.8 %, `fanout-1000` +4 %). It makes
    /// the record 64 bytes instead of 56.
    var singleMirror: Int32 = 0

    /// How many ids a block holds: half its slots.
    @inline(__always)
    private static func capacity(of block: UnsafeMutablePointer<Int32>) -> Int { Int(block[1]) >> 1 }

    /// Where a block's mirrors start.
    @inline(__always)
    private static func mirrors(of block: UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<Int32> {
        block + headerSize + capacity(of: block)
    }

    /// Makes the list hold only `id`, whose mirror is `mirror`.
    @inline(__always)
    private mutating func setSingle(_ id: Int32, mirror: Int32) {
        raw = EdgeList.word(single: id)
        singleMirror = mirror
    }

    /// The mirror of the id at `index` (`0 ..< count`): where this list's node is in that input's
    /// output list.
    @inline(__always)
    func mirror(at index: Int) -> Int {
        if raw & 1 == 1 { return Int(singleMirror) }
        return Int(Self.mirrors(of: block.unsafelyUnwrapped)[index])
    }

    /// Sets the mirror of the id at `index` (`0 ..< count`).
    @inline(__always)
    mutating func setMirror(at index: Int, to mirror: Int) {
        if raw & 1 == 1 {
            singleMirror = Int32(truncatingIfNeeded: mirror)
        } else {
            Self.mirrors(of: block.unsafelyUnwrapped)[index] = Int32(truncatingIfNeeded: mirror)
        }
    }

    /// Whether the ids at `indices` (within `0 ..< count`) include `id`, scanning from the last.
    func contains(_ id: Int32, in indices: Range<Int>) -> Bool {
        for index in indices.reversed() where self[index] == id { return true }
        return false
    }

    /// Appends `id`, whose mirror is `mirror`, taking a block from `blocks` when the list needs a
    /// new one. Inlined for the lists that need no new block, as a rule's first run appends each of
    /// its reads (``Graph/appendRead(_:stamp:)``).
    @inline(__always)
    mutating func append(_ id: Int32, mirror: Int32, in blocks: inout EdgeBlockArena) {
        if raw == 0 {
            setSingle(id, mirror: mirror)
            return
        }
        if let storage = block, Int(storage[0]) < Self.capacity(of: storage) {
            let count = Int(storage[0])
            storage[Self.headerSize &+ count] = id
            Self.mirrors(of: storage)[count] = mirror
            storage[0] &+= 1
            return
        }
        appendMovingToLargerBlock(id, mirror: mirror, in: &blocks)
    }

    /// ``append(_:mirror:in:)`` for a list of one id or a full block: moves the entries to a block
    /// with room for more (the old block going back to `blocks`), and appends there.
    @inline(never)
    private mutating func appendMovingToLargerBlock(_ id: Int32, mirror: Int32, in blocks: inout EdgeBlockArena) {
        let count = self.count
        let storage = Self.allocate(capacity: max(2, count + 1), in: &blocks)
        Self.copy(self, into: storage)
        deallocate(in: &blocks)
        storage[Self.headerSize + count] = id
        Self.mirrors(of: storage)[count] = mirror
        storage[0] = Int32(count + 1)
        raw = UInt(bitPattern: storage)
    }

    /// A block from `blocks` holding at least `capacity` ids and their mirrors, `count` 0.
    private static func allocate(capacity: Int, in blocks: inout EdgeBlockArena) -> UnsafeMutablePointer<Int32> {
        let storage = blocks.allocate(minimumCapacity: 2 * capacity)
        // The arena's blocks are powers of two of at least 16 bytes, less an 8-byte header.
        assert(storage[1] % 2 == 0, "Constraints: an input list's block has an even number of slots")
        return storage
    }

    /// Copies the ids and mirrors of `list` into `storage` (a block with room), from index 0.
    private static func copy(_ list: InputList, into storage: UnsafeMutablePointer<Int32>) {
        let mirrors = Self.mirrors(of: storage)
        for index in 0 ..< list.count {
            storage[headerSize + index] = list[index]
            mirrors[index] = Int32(truncatingIfNeeded: list.mirror(at: index))
        }
    }

    /// Keeps the first `newCount` entries and drops the rest; a block it no longer needs goes back
    /// to `blocks`.
    mutating func truncate(to newCount: Int, in blocks: inout EdgeBlockArena) {
        if newCount >= count { return }
        if newCount == 0 {
            deallocate(in: &blocks)
        } else if newCount == 1 {
            let first = self[0], mirror = Int32(truncatingIfNeeded: self.mirror(at: 0))
            deallocate(in: &blocks)
            setSingle(first, mirror: mirror)
        } else {
            block.unsafelyUnwrapped[0] = Int32(newCount)
        }
    }

    /// Removes the entry at `index`, keeping the order of the others; a block it no longer needs
    /// goes back to `blocks`.
    mutating func remove(at index: Int, in blocks: inout EdgeBlockArena) {
        let count = self.count
        if count <= 2 {
            let kept = count == 2 ? (self[1 - index], Int32(truncatingIfNeeded: mirror(at: 1 - index))) : nil
            deallocate(in: &blocks)
            if let kept { setSingle(kept.0, mirror: kept.1) }
            return
        }
        let storage = block.unsafelyUnwrapped
        let ids = storage + Self.headerSize, mirrors = Self.mirrors(of: storage)
        (ids + index).update(from: ids + index + 1, count: count - index - 1)
        (mirrors + index).update(from: mirrors + index + 1, count: count - index - 1)
        storage[0] = Int32(count - 1)
    }

    /// Replaces the whole list with `ids` and their `mirrors` (as many), in the list's block if it
    /// is large enough, or else in a block from `blocks` (the old one going back to it).
    mutating func assign(_ ids: UnsafeBufferPointer<Int32>, mirrors: UnsafeBufferPointer<Int32>, in blocks: inout EdgeBlockArena) {
        assert(ids.count == mirrors.count, "Constraints: one mirror per input")
        guard ids.count >= 2 else {
            deallocate(in: &blocks)
            if let id = ids.first { setSingle(id, mirror: mirrors[0]) }
            return
        }
        let storage: UnsafeMutablePointer<Int32>
        if let block, Self.capacity(of: block) >= ids.count {
            storage = block
        } else {
            deallocate(in: &blocks)
            storage = Self.allocate(capacity: ids.count, in: &blocks)
            raw = UInt(bitPattern: storage)
        }
        (storage + Self.headerSize).update(from: ids.baseAddress.unsafelyUnwrapped, count: ids.count)
        Self.mirrors(of: storage).update(from: mirrors.baseAddress.unsafelyUnwrapped, count: ids.count)
        storage[0] = Int32(ids.count)
    }

    /// Gives the heap block, if any, back to `blocks`, and empties the list.
    mutating func deallocate(in blocks: inout EdgeBlockArena) {
        if let block { blocks.free(block) }
        raw = 0
        singleMirror = 0
    }
}
