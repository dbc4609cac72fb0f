/// The views of a ``TupleView``, shared by its copies.
///
/// A child's node copies its view alone, from where it lies in the object (``TupleLayout``):
/// finding it by walking the tuple copied the tuple and cast each view, about 3,000 instructions.
final class TupleStorage<each Element> {
    /// Written only here, in `init`; a `var` so that `init` can take its address.
    @exclusivity(unchecked) private(set) var value: (repeat each Element)

    /// Checks, for every storage in every build, where ``TupleLayout`` says the elements start:
    /// a few instructions, for the field's offset is in the class's metadata and the pointer is
    /// taken inline.
    init(_ value: repeat each Element) {
        self.value = (repeat each value)
        let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        let start = withUnsafeMutablePointer(to: &self.value) { UnsafeRawPointer($0) } - object
        precondition(start == TupleLayout(of: Self.self).start,
                     "Views: the views of a \(Self.self) are not where TupleLayout assumes (Swift's class layout changed?)")
    }

    /// The element at `offset` (see ``TupleLayout``), which is of type `Child`.
    func element<Child>(at offset: Int, as _: Child.Type) -> Child {
        (UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) + offset).assumingMemoryBound(to: Child.self).pointee
    }
}

/// Where the elements of a ``TupleStorage`` lie, in bytes from the object's start, found in order.
///
/// Swift lays out a class's first stored property behind the two-word object header, aligned for
/// its type (a tuple's alignment is that of its most aligned element), and a tuple's elements in
/// order, each at the next offset aligned for its type.
struct TupleLayout {
    /// Where the first element starts.
    let start: Int
    /// Where the next element may start.
    private var end: Int

    /// The layout of a storage of `Element`s, before its first element.
    init<each Element>(of _: TupleStorage<repeat each Element>.Type) {
        var alignment = 1
        repeat alignment = max(alignment, MemoryLayout<each Element>.alignment)
        start = Self.aligned(2 * MemoryLayout<Int>.size, alignment)
        end = start
    }

    /// The bytes from the first element to the end of the last one placed: once every element is
    /// placed, `MemoryLayout` of the tuple's size, which checks that ``place(_:)`` follows the
    /// tuple's layout.
    var placedSize: Int { end - start }

    /// The offset of the next element, a `T`.
    mutating func place<T>(_: T.Type) -> Int {
        let offset = Self.aligned(end, MemoryLayout<T>.alignment)
        end = offset + MemoryLayout<T>.size
        return offset
    }

    private static func aligned(_ offset: Int, _ alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }
}
