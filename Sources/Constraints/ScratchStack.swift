/// A growable stack of plain values for the algorithm's work lists (walk, run, mark, reads) and
/// the per-node and per-name counters.
///
/// Unlike `Array` it has no copy-on-write: each graph owns its stacks, uses them only under its
/// lock, and frees them in `deinit`, so the hot loops pay no uniqueness checks.
@usableFromInline
struct ScratchStack<Element: BitwiseCopyable> {
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    @usableFromInline private(set) var count = 0
    @usableFromInline var capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inlinable @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base[count] = element
        count &+= 1
    }

    @inlinable @inline(__always)
    @discardableResult
    mutating func removeLast() -> Element {
        count &-= 1
        return base[count]
    }

    @inlinable @inline(__always)
    mutating func popLast() -> Element? {
        count == 0 ? nil : removeLast()
    }

    /// Drops the elements from `newCount` on.
    mutating func truncate(to newCount: Int) { count = newCount }

    /// The elements from `start` to the top.
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Removes the elements satisfying `predicate`, keeping the order of the others.
    mutating func removeAll(where predicate: (Element) -> Bool) {
        var kept = 0
        for index in 0 ..< count where !predicate(base[index]) {
            base[kept] = base[index]
            kept += 1
        }
        count = kept
    }

    /// Index of the topmost element satisfying `predicate`.
    func lastIndex(where predicate: (Element) -> Bool) -> Int? {
        var index = count - 1
        while index >= 0 {
            if predicate(base[index]) { return index }
            index -= 1
        }
        return nil
    }

    /// Doubles the capacity. Rare, so never inlined: inlined, it costs the hot loops that append
    /// registers and instructions.
    @usableFromInline @inline(never)
    mutating func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }

    /// Frees the storage; the stack must not be used afterwards.
    func deallocate() { base.deallocate() }
}
