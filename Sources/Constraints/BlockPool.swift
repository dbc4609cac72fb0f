import Foundation

/// The memory blocks that node handles point into, kept for the life of the process: the pages of
/// input stores (``InputPage``) and the chunks of rule stores (``RuleStore``).
///
/// A handle (``Input``, ``Rule``) is the address of its node's slot and the word the slot had when
/// the node was made; it keeps nothing alive, and may outlive its node, its store and its graph. So
/// the word it compares must stay readable: a store that goes gives its blocks here, every slot
/// free and the words kept, and a store that grows takes a block of its kind from here before it
/// allocates one. A block keeps its use for good (an input page never becomes a rule chunk, whose
/// words sit elsewhere), and a slot's sequence only moves on, so no later node in a block has the
/// word an old handle holds. The memory kept is that of the most blocks of each kind in use at once
/// in the process. Locked: stores go and grow on any thread.
@usableFromInline
enum BlockPool {
    /// What a block is laid out for: its use, its size and its alignment.
    @usableFromInline
    struct Kind: Hashable, Sendable {
        /// The stores a block serves.
        @usableFromInline
        enum Use: Hashable, Sendable {
            /// A page of an input store (``InputPage``).
            case inputPage
            /// A chunk of a rule store's entries (``RuleStore``).
            case ruleChunk
        }

        @usableFromInline let use: Use
        @usableFromInline let size: Int
        @usableFromInline let alignment: Int
    }

    /// Guards ``free``. A pthread mutex (`NSLock`), not `Synchronization.Mutex`: on Linux the latter
    /// hands the lock over through a futex that ThreadSanitizer does not see, so it reports two
    /// threads' turns at the pool as a race.
    private static let lock = NSLock()

    /// The free blocks' addresses (as integers, which may cross threads), by kind; touched only
    /// under ``lock``.
    nonisolated(unsafe) private static var free: [Kind: [UInt]] = [:]

    /// A free block of `kind`, if there is one.
    static func take(_ kind: Kind) -> UnsafeMutableRawPointer? {
        let address = lock.withLock { () -> UInt? in
            // Looked up before it is modified: modifying the dictionary's entry in place allocates
            // (the accessor's frame), which most stores, growing with no block in the pool, skip.
            guard free[kind]?.isEmpty == false else { return nil }
            return free[kind]?.popLast()
        }
        return address.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
    }

    /// Gives back `blocks` of `kind`, every slot in them free and no value or body left in them.
    static func give(_ blocks: UnsafeBufferPointer<UnsafeMutableRawPointer>, of kind: Kind) {
        if blocks.isEmpty { return }
        let addresses = blocks.map { UInt(bitPattern: $0) }
        lock.withLock { free[kind, default: []].append(contentsOf: addresses) }
    }
}
