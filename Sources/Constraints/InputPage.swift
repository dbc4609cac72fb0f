#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A page of input slots: where an ``InputStore`` keeps the values of ``slotCount`` of its inputs,
/// with each slot's word (its sequence and its input's node id, see
/// ``NodeStorage/word(sequence:node:)``), behind a header naming the graph's core.
///
/// A page never moves, and its memory is never freed: a store that grows takes another page, and
/// a store that goes (with its graph) gives its pages, every slot free, to a process-wide pool
/// (``BlockPool``) for the stores made later. That is what lets an ``Input`` handle hold its
/// page rather than a reference to its store: no retain or release for making, copying or
/// dropping a handle, and a read makes no dependent load through the store. A handle's first load,
/// its slot's word, is always of live memory, even after its graph is gone, and only when the
/// word is still the one the handle holds, so that the input exists and the page belongs to that
/// input's store, does the read go on to the header and the value.
///
/// Layout, in a block from `posix_memalign` (aligned for the value type, at least 16 bytes): the
/// header (``InputPageHeader``), the ``slotCount`` words from ``wordsOffset``, then the values
/// from ``valuesOffset(for:)``. The words keep their sequences for the life of the process, so
/// that a handle of a slot of an earlier store, of any type, never finds its word again.
@usableFromInline
enum InputPage {
    /// Slots per page.
    @inlinable static var slotCount: Int { 128 }
    /// `log2(slotCount)`: a store's slot `s` is in its page `s >> slotShift`.
    @inlinable static var slotShift: Int32 { 7 }

    /// Where the words start: after the header, aligned for them.
    @inlinable static var wordsOffset: Int {
        roundUp(MemoryLayout<InputPageHeader>.stride, to: MemoryLayout<UInt64>.alignment)
    }

    /// Where the values of a page of `Value`s start: after the words, aligned for `Value`.
    @inlinable static func valuesOffset<Value>(for type: Value.Type) -> Int {
        roundUp(wordsOffset + slotCount * MemoryLayout<UInt64>.stride, to: MemoryLayout<Value>.alignment)
    }

    @inlinable static func roundUp(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// The header of `page`.
    @inlinable @inline(__always)
    static func header(_ page: UnsafeMutableRawPointer) -> UnsafeMutablePointer<InputPageHeader> {
        page.assumingMemoryBound(to: InputPageHeader.self)
    }

    /// The word of slot `index` of `page`.
    @inlinable @inline(__always)
    static func word(_ page: UnsafeMutableRawPointer, _ index: Int32) -> UnsafeMutablePointer<UInt64> {
        (page + wordsOffset).assumingMemoryBound(to: UInt64.self) + Int(index)
    }

    /// The value of slot `index` of `page`, a page of `Value`s.
    @inlinable @inline(__always)
    static func value<Value>(_ page: UnsafeMutableRawPointer, _ index: Int32, as type: Value.Type) -> UnsafeMutablePointer<Value> {
        (page + valuesOffset(for: Value.self)).assumingMemoryBound(to: Value.self) + Int(index)
    }

    /// What pages of `Value`s take: their size and alignment, which the pool files them under.
    static func kind<Value>(for type: Value.Type) -> BlockPool.Kind {
        BlockPool.Kind(
            use: .inputPage,
            size: valuesOffset(for: Value.self) + slotCount * MemoryLayout<Value>.stride,
            alignment: max(MemoryLayout<Value>.alignment, 16)
        )
    }

    /// A page of `kind` whose header names `core`, with every slot free (node id -1): one from the
    /// pool, or a new one. Its value memory is bound to `Value`.
    static func take<Value>(_ kind: BlockPool.Kind, for core: UnsafeMutablePointer<GraphCore>, holding type: Value.Type) -> UnsafeMutableRawPointer {
        let page = BlockPool.take(kind) ?? make(kind)
        header(page).pointee.core = core
        (page + valuesOffset(for: Value.self)).bindMemory(to: Value.self, capacity: slotCount)
        return page
    }

    /// Gives back `pages` of `kind` to the pool, their slots all free and holding no value.
    ///
    /// Checked in every build: a page in the pool holds no input, so that no handle of an earlier
    /// input finds its word in the graph that takes the page next. The graph's `deinit` frees every
    /// slot; only an input made after that, from a `deinit` its teardown ran, is left in one.
    static func giveBack(_ pages: UnsafeBufferPointer<UnsafeMutableRawPointer>, of kind: BlockPool.Kind) {
        for page in pages {
            for index in 0 ..< Int32(slotCount) where Int32(truncatingIfNeeded: word(page, index).pointee) != -1 {
                inputMadeWhileItsGraphWentAway()
            }
            header(page).pointee.core = nil
        }
        BlockPool.give(pages, of: kind)
    }

    private static func inputMadeWhileItsGraphWentAway() -> Never {
        fatalError("Constraints: an input was made in a graph while the graph was being destroyed "
            + "(from a deinit that dropping the graph's nodes ran, holding the graph unowned), "
            + "so no graph holds it")
    }

    /// A new page of `kind`: every word of sequence 0 and node id -1.
    private static func make(_ kind: BlockPool.Kind) -> UnsafeMutableRawPointer {
        var block: UnsafeMutableRawPointer?
        guard posix_memalign(&block, kind.alignment, kind.size) == 0, let page = block else {
            fatalError("Constraints: no memory for a page of inputs")
        }
        page.bindMemory(to: InputPageHeader.self, capacity: 1).initialize(to: InputPageHeader(core: nil))
        (page + wordsOffset).bindMemory(to: UInt64.self, capacity: slotCount)
            .initialize(repeating: AnyInputStore.word(sequence: 0, node: -1), count: slotCount)
        return page
    }
}

/// The header of an ``InputPage``.
@usableFromInline
struct InputPageHeader {
    /// The core of the graph whose store holds the page; `nil` while the page is in the pool.
    @usableFromInline var core: UnsafeMutablePointer<GraphCore>?
}
