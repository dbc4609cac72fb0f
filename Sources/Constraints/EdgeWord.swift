/// The read side of the one-word encoding that a node's output list (``EdgeList``) and its input
/// list (``InputList``) share, written once for both.
///
/// The word (`raw`) is `0` for an empty list. A list of one id holds it inline: the word's low
/// half is `(id << 1) | 1` and its high half the byte offset of the node's record in the
/// ``NodeTable``, so that the walks down a chain find the next record with a shift instead of a
/// multiplication, which is on the critical path of every step. Otherwise the word is the address
/// of a heap block from an ``EdgeBlockArena`` (at least 8-byte aligned, so its low bit is 0),
/// which starts with a header of ``headerSize`` `Int32`s, `[count, slots]`, followed by the ids
/// (an ``InputList`` keeps its mirrors after them). A block always holds two ids or more, since
/// every operation that leaves one id or none stores the list inline.
///
/// Each list writes its own word (how it appends, removes and what else its block holds); what
/// is here only reads it.
@usableFromInline
protocol OneWordIDList {
    /// The encoded word (see the protocol's documentation).
    var raw: UInt { get }
}

extension OneWordIDList {
    /// The number of `Int32`s before a block's first id: its count and its number of slots.
    @usableFromInline static var headerSize: Int { 2 }

    /// The list's heap block, if it holds two ids or more.
    @inlinable var block: UnsafeMutablePointer<Int32>? {
        raw != 0 && raw & 1 == 0 ? UnsafeMutablePointer(bitPattern: raw) : nil
    }

    /// Whether the list holds no id.
    @inline(__always)
    var isEmpty: Bool { raw == 0 }

    /// Whether the list holds exactly one id (stored inline).
    @inlinable @inline(__always)
    var isSingle: Bool { raw & 1 == 1 }

    /// The id of a list that ``isSingle``.
    @inlinable @inline(__always)
    var single: Int32 { Int32(truncatingIfNeeded: raw) >> 1 }

    /// Whether the list holds exactly `id` (a node's id, not negative): one comparison of the
    /// word's low half, which tests both that the list is inline and which id it holds (a block's
    /// address is even).
    @inlinable @inline(__always)
    func holdsOnly(_ id: Int32) -> Bool {
        assert(id >= 0, "holdsOnly is asked about a node's id")
        return UInt32(truncatingIfNeeded: raw) == UInt32(bitPattern: id) << 1 | 1
    }

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

    /// The index of the first occurrence of `id`, if any.
    func firstIndex(of id: Int32) -> Int? {
        for index in 0 ..< count where self[index] == id { return index }
        return nil
    }
}
