/// A node's input edges, in read order, each with its *mirror*: the position of this node in that
/// input's output list (``EdgeList``), so that removing an edge finds its other end without a
/// search. One machine word per list, no allocation for zero or one edge.
///
/// The word is `0` for an empty list. A single input is stored inline as an ``EdgeList`` stores
/// one, its id and the byte offset of its record (so that the walk down a chain finds the next
/// record with a shift), and its mirror in ``singleMirror``. Longer lists live in a heap block from
/// the graph's input
/// ``EdgeBlockArena``, laid out as `[count, slots, id0, id1, …, mirror0, mirror1, …]` (all `Int32`):
/// the arena's header counts `slots`, of which the first half hold ids and the second half their
/// mirrors, so that the ids stay contiguous for the walks that scan them.
///
/// Keeping mirrors right is the graph's business (`DependencyRecording.swift`): appending an edge
/// records where the reader went in the input's output list, and an output list that moves a reader
/// (``EdgeList/swapRemove(at:in:)``) updates that reader's mirror. Removing an input edge from this
/// list moves no output list, so the mirrors of the other entries stay as they are.
@usableFromInline
struct InputList {
    @usableFromInline var raw: UInt = 0
    /// The mirror of a single input; unused otherwise. Beside the word rather than in it, so that
    /// the word keeps the record offset: in the word instead of the offset, it cost the walk down a
    /// chain a multiplication per step (callgrind: `cutoff` +3.8 %, `fanout-1000` +4 %). It makes
    /// the record 64 bytes instead of 56.
    var singleMirror: Int32 = 0

    @usableFromInline static var headerSize: Int { 2 }

    @inlinable var block: UnsafeMutablePointer<Int32>? {
        raw != 0 && raw & 1 == 0 ? UnsafeMutablePointer(bitPattern: raw) : nil
    }

    /// How many ids a block holds: half its slots.
    @inline(__always)
    private static func capacity(of block: UnsafeMutablePointer<Int32>) -> Int { Int(block[1]) >> 1 }

    /// Where a block's mirrors start.
    @inline(__always)
    private static func mirrors(of block: UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<Int32> {
        block + headerSize + capacity(of: block)
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

    /// Makes the list hold only `id`, whose mirror is `mirror`.
    @inline(__always)
    private mutating func setSingle(_ id: Int32, mirror: Int32) {
        raw = EdgeList.word(single: id)
        singleMirror = mirror
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

    func firstIndex(of id: Int32) -> Int? {
        for index in 0 ..< count where self[index] == id { return index }
        return nil
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
