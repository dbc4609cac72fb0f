/// A compact list of node ids: one machine word per list, no allocation for zero or one edge.
///
/// Most nodes in a UI graph have a single input and a single reader (chains of modifiers), so the
/// common case is stored inline. Longer lists live in a heap block laid out as
/// `[count, capacity, id0, id1, …]` (all `Int32`).
///
/// The word is `0` for an empty list, `(id << 1) | 1` for a single id, and otherwise the address of
/// the heap block (which is at least 8-byte aligned, so its low bit is 0). The owner frees heap
/// blocks with ``deallocate()``; `EdgeList` is a plain value and does no reference counting.
@usableFromInline
struct EdgeList {
    @usableFromInline var raw: UInt = 0

    @usableFromInline static var headerSize: Int { 2 }

    @inlinable var block: UnsafeMutablePointer<Int32>? {
        raw != 0 && raw & 1 == 0 ? UnsafeMutablePointer(bitPattern: raw) : nil
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
        if raw & 1 == 1 { return Int32(truncatingIfNeeded: raw >> 1) }
        return block.unsafelyUnwrapped[Self.headerSize + index]
    }

    /// The id at `index`, or -1 if `index` is past the end: cheaper than checking ``count`` first.
    @inlinable @inline(__always)
    func id(at index: Int) -> Int32 {
        if raw & 1 == 1 { return index == 0 ? Int32(truncatingIfNeeded: raw >> 1) : -1 }
        guard let block else { return -1 }
        return index < Int(block[0]) ? block[Self.headerSize + index] : -1
    }

    /// The ids after the first one (none for a list of zero or one id).
    @inline(__always)
    var idsAfterFirst: UnsafeBufferPointer<Int32> {
        guard let block else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: block + Self.headerSize + 1, count: Int(block[0]) - 1)
    }

    /// Whether the list holds `id` (linear scan).
    func contains(_ id: Int32) -> Bool {
        firstIndex(of: id) != nil
    }

    func firstIndex(of id: Int32) -> Int? {
        for index in 0 ..< count where self[index] == id { return index }
        return nil
    }

    /// Appends `id` at the end.
    mutating func append(_ id: Int32) {
        if raw == 0 {
            raw = UInt(id) << 1 | 1
            return
        }
        if raw & 1 == 1 {
            let first = self[0]
            let storage = Self.allocate(capacity: 4)
            storage[0] = 2
            storage[Self.headerSize] = first
            storage[Self.headerSize + 1] = id
            raw = UInt(bitPattern: storage)
            return
        }
        var storage = block.unsafelyUnwrapped
        let count = Int(storage[0]), capacity = Int(storage[1])
        if count == capacity {
            let grown = Self.allocate(capacity: capacity * 2)
            grown.advanced(by: Self.headerSize).update(from: storage.advanced(by: Self.headerSize), count: count)
            storage.deallocate()
            storage = grown
            raw = UInt(bitPattern: storage)
        }
        storage[Self.headerSize + count] = id
        storage[0] = Int32(count + 1)
    }

    /// Keeps the first `newCount` ids and drops the rest, keeping the order.
    mutating func truncate(to newCount: Int) {
        if newCount >= count { return }
        if newCount == 0 {
            deallocate()
        } else if newCount == 1 {
            let first = self[0]
            deallocate()
            raw = UInt(first) << 1 | 1
        } else {
            block.unsafelyUnwrapped[0] = Int32(newCount)
        }
    }

    /// Removes the id at `index`, keeping the order of the others.
    mutating func remove(at index: Int) {
        let count = self.count
        if count <= 2 {
            let kept = count == 2 ? self[1 - index] : nil
            deallocate()
            if let kept { raw = UInt(kept) << 1 | 1 }
            return
        }
        let ids = block.unsafelyUnwrapped.advanced(by: Self.headerSize)
        (ids + index).update(from: ids + index + 1, count: count - index - 1)
        block.unsafelyUnwrapped[0] = Int32(count - 1)
    }

    /// Removes the id at `index` by moving the last id into its place (order is not kept).
    mutating func swapRemove(at index: Int) {
        let last = count - 1
        if index != last, let storage = block {
            storage[Self.headerSize + index] = storage[Self.headerSize + last]
        }
        truncate(to: last)
    }

    /// Replaces the whole list with `ids`.
    mutating func assign(_ ids: UnsafeBufferPointer<Int32>) {
        deallocate()
        for id in ids { append(id) }
    }

    /// Frees the heap block, if any, and empties the list.
    mutating func deallocate() {
        block?.deallocate()
        raw = 0
    }

    private static func allocate(capacity: Int) -> UnsafeMutablePointer<Int32> {
        let storage = UnsafeMutablePointer<Int32>.allocate(capacity: headerSize + capacity)
        storage[0] = 0
        storage[1] = Int32(capacity)
        return storage
    }
}
