#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A page of input slots: where an ``InputStore`` keeps ``slotCount`` of its inputs, each in an
/// *entry* of the page: an ``InputEntryHeader`` (the slot's word, its sequence and its input's
/// node id, see ``NodeStorage/word(sequence:node:)``, and the graph's core), then the input's
/// value (``valueOffset(for:)``), like the entries of a rule store (``AnyRuleStore``).
///
/// A page never moves, and its memory is never freed: a store that grows takes another page, and
/// a store that goes (with its graph) gives its pages, every slot free, to a process-wide pool
/// (``BlockPool``) for the stores made later. That is what lets an ``Input`` handle be its entry's
/// address rather than a reference to its store: no retain or release for making, copying or
/// dropping a handle, and a read loads the entry's word, core and value, none of which waits for
/// another. A handle's first load, its entry's word, is always of live memory, even after its
/// graph is gone, and only when the word is still the one the handle holds, so that the input
/// exists and the entry belongs to that input's store, does the read go on to the core and the
/// value.
///
/// Layout, in a block from `posix_memalign` (aligned for the value type, at least 16 bytes):
/// ``slotCount`` entries, ``entryStride(for:)`` bytes apart, computed from `MemoryLayout`. Pages
/// of one size and alignment (a ``BlockPool/Kind``) have one entry stride, so their words are at
/// the same places whatever the value type. The words keep their sequences for the life of the
/// process, so that a handle of a slot of an earlier store, of any type, never finds its word
/// again.
@usableFromInline
enum InputPage {
    /// Slots per page.
    @inlinable static var slotCount: Int { 128 }
    /// `log2(slotCount)`: a store's slot `s` is in its page `s >> slotShift`.
    @inlinable static var slotShift: Int32 { 7 }

    /// Where an entry's value lies: after the header, aligned for `Value`.
    @inlinable static func valueOffset<Value>(for type: Value.Type) -> Int {
        NodeStorage.roundUp(MemoryLayout<InputEntryHeader>.size, to: MemoryLayout<Value>.alignment)
    }

    /// The alignment of the entries of `Value`s: the larger of their parts'.
    @inlinable static func entryAlignment<Value>(for type: Value.Type) -> Int {
        max(MemoryLayout<InputEntryHeader>.alignment, MemoryLayout<Value>.alignment)
    }

    /// Bytes from one entry of `Value`s to the next.
    @inlinable static func entryStride<Value>(for type: Value.Type) -> Int {
        NodeStorage.roundUp(valueOffset(for: Value.self) + MemoryLayout<Value>.size, to: entryAlignment(for: Value.self))
    }

    /// The header of the entry at `entry`.
    @inlinable @inline(__always)
    static func header(_ entry: UnsafeMutableRawPointer) -> UnsafeMutablePointer<InputEntryHeader> {
        entry.assumingMemoryBound(to: InputEntryHeader.self)
    }

    /// The value of the entry at `entry`, an entry of `Value`s.
    @inlinable @inline(__always)
    static func value<Value>(_ entry: UnsafeMutableRawPointer, as type: Value.Type) -> UnsafeMutablePointer<Value> {
        (entry + valueOffset(for: Value.self)).assumingMemoryBound(to: Value.self)
    }

    /// Initialises the value of the entry at `entry`, an entry of `Value`s that holds none, to
    /// `value` (which binds its memory to `Value`).
    @inlinable @inline(__always)
    static func initializeValue<Value>(at entry: UnsafeMutableRawPointer, to value: Value) {
        (entry + valueOffset(for: Value.self)).initializeMemory(as: Value.self, repeating: value, count: 1)
    }

    /// What pages of `Value`s take: their size and alignment, which the pool files them under.
    /// Checked in every build, once per store: the value lies after the header, aligned for its
    /// type, and within its entry.
    static func kind<Value>(for type: Value.Type) -> BlockPool.Kind {
        let stride = entryStride(for: Value.self), valueOffset = valueOffset(for: Value.self)
        precondition(valueOffset >= MemoryLayout<InputEntryHeader>.size && valueOffset % MemoryLayout<Value>.alignment == 0
            && stride >= valueOffset + MemoryLayout<Value>.size && stride % entryAlignment(for: Value.self) == 0,
            "Constraints: the input entry layout of \(Value.self) does not fit its parts")
        return BlockPool.Kind(use: .inputPage, size: slotCount * stride, alignment: max(entryAlignment(for: Value.self), 16))
    }

    /// A page of `kind`, whose entries are `stride` bytes apart, with every slot free (node id -1)
    /// and every header naming `core`: one from the pool, or a new one. An entry's value memory is
    /// bound to its type when its slot is given a value (``initializeValue(at:to:)``).
    static func take(_ kind: BlockPool.Kind, stride: Int, for core: UnsafeMutablePointer<GraphCore>) -> UnsafeMutableRawPointer {
        guard let page = BlockPool.take(kind) else { return make(kind, stride: stride, for: core) }
        var entry = page
        for _ in 0 ..< slotCount {
            header(entry).pointee.core = core
            entry += stride
        }
        return page
    }

    /// Gives back `pages` of `kind`, whose entries are `stride` bytes apart, to the pool, their
    /// slots all free and holding no value.
    ///
    /// Checked in every build: a page in the pool holds no input, so that no handle of an earlier
    /// input finds its word in the graph that takes the page next. The graph's `deinit` frees every
    /// slot; only an input made after that, from a `deinit` its teardown ran, is left in one.
    static func giveBack(_ pages: UnsafeBufferPointer<UnsafeMutableRawPointer>, stride: Int, of kind: BlockPool.Kind) {
        for page in pages {
            var entry = page
            for _ in 0 ..< slotCount {
                if Int32(truncatingIfNeeded: header(entry).pointee.word) != -1 { inputMadeWhileItsGraphWentAway() }
                entry += stride
            }
        }
        BlockPool.give(pages, of: kind)
    }

    private static func inputMadeWhileItsGraphWentAway() -> Never {
        fatalError("Constraints: an input was made in a graph while the graph was being destroyed "
            + "(from a deinit that dropping the graph's nodes ran, holding the graph unowned), "
            + "so no graph holds it")
    }

    /// A new page of `kind`: every word of sequence 0 and node id -1, every header naming `core`.
    private static func make(_ kind: BlockPool.Kind, stride: Int, for core: UnsafeMutablePointer<GraphCore>) -> UnsafeMutableRawPointer {
        var block: UnsafeMutableRawPointer?
        guard posix_memalign(&block, kind.alignment, kind.size) == 0, let page = block else {
            fatalError("Constraints: no memory for a page of inputs")
        }
        let free = InputEntryHeader(word: AnyInputStore.word(sequence: 0, node: -1), core: core)
        var entry = page
        for _ in 0 ..< slotCount {
            entry.initializeMemory(as: InputEntryHeader.self, repeating: free, count: 1)
            entry += stride
        }
        return page
    }
}

/// The start of an input's entry in its ``InputPage``: the slot's word (see
/// ``NodeStorage/word(sequence:node:)``) and the graph's core, which a handle's read uses, having
/// no store.
@usableFromInline
struct InputEntryHeader {
    @usableFromInline var word: UInt64
    @usableFromInline var core: UnsafeMutablePointer<GraphCore>

    @usableFromInline
    init(word: UInt64, core: UnsafeMutablePointer<GraphCore>) {
        self.word = word
        self.core = core
    }
}
