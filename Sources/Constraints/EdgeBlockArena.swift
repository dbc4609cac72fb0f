#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a graph's ``EdgeList`` heap blocks come from: a few size classes carved from large
/// chunks, with a free list per class, instead of one `malloc` per block.
///
/// A block of `2^k` times 16 bytes (`k` below ``classCount``) holds the `[count, capacity]` header
/// and up to 2, 6, 14, … 510 ids. Blocks are cut in turn from the current chunk (aligned to their
/// size, up to a cache line, so that a small block never straddles two lines), and a freed block
/// goes on the free list of its class for the next block of that class. Longer lists, which only
/// wide fan-outs have, get their block from `malloc`, still sized as a power of two.
///
/// It pays twice. A views-bench build makes about 35 blocks per row, and `malloc` cost some 176
/// instructions per block (callgrind), the arena about 50. And the blocks of nodes made together
/// lie next to each other instead of among their closure contexts, so that an evaluation
/// walking the input lists of nodes made together touches fewer cache lines: the walk of a
/// `color-scheme` switch loads the header of an input list block for most nodes it evaluates.
///
/// Ownership: each graph owns two arenas, one for the blocks of input lists and one for those of
/// output lists (``Graph/inputBlocks``, ``Graph/outputBlocks``), and every block of its edge lists
/// is made and freed through one of them, by ``EdgeList``'s mutating methods, which take it as an
/// argument. The arena does not know which blocks are in use. A block is never handed back to
/// `malloc` on its own except a large one; chunks are released only by ``deallocate()``, which the
/// graph's `deinit` calls last, after it emptied every list (which frees the large blocks). Memory
/// freed by lists that shrink is therefore kept for the graph's later lists, not returned to the
/// system.
struct EdgeBlockArena {
    /// Heads of the free lists, one per size class. A free block's first word is the next one.
    private let freeLists: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The address where the next block is cut from the current chunk, and the end of that chunk;
    /// both 0 before the first chunk.
    private var next: UInt = 0
    private var end: UInt = 0
    /// Every chunk, to release them all with the graph.
    private var chunks: [UnsafeMutableRawPointer] = []
    /// The size of the next chunk: it doubles from 4 KB to 64 KB, so that a small graph takes
    /// little memory and a large one few chunks.
    private var nextChunkSize = 4096

    /// Number of size classes; the largest holds 2 KB (510 ids).
    private static var classCount: Int { 8 }
    /// The size of the blocks of the smallest class, a power of two: two ids.
    private static var smallestBlockSize: Int { 16 }
    /// The largest chunk.
    private static var largestChunkSize: Int { 64 * 1024 }
    /// The alignment of chunks: a cache line.
    private static var chunkAlignment: Int { 64 }

    init() {
        freeLists = .allocate(capacity: Self.classCount)
        freeLists.initialize(repeating: nil, count: Self.classCount)
    }

    /// The number of ids a block of `size` bytes holds after its header.
    private static func capacity(ofBlockSize size: Int) -> Int {
        size / MemoryLayout<Int32>.stride - EdgeList.headerSize
    }

    /// The size of the smallest block holding `capacity` ids: a power of two, at least
    /// ``smallestBlockSize``.
    @inline(__always)
    private static func blockSize(holding capacity: Int) -> Int {
        let bytes = (EdgeList.headerSize + capacity) * MemoryLayout<Int32>.stride
        return max(smallestBlockSize, 1 << (Int.bitWidth - (bytes - 1).leadingZeroBitCount))
    }

    /// The size class of blocks of `size` bytes (a power of two, at least ``smallestBlockSize``).
    @inline(__always)
    private static func sizeClass(ofBlockSize size: Int) -> Int {
        size.trailingZeroBitCount - smallestBlockSize.trailingZeroBitCount
    }

    /// A block holding at least `minimumCapacity` ids, its header set (`count` 0, `capacity` what
    /// it holds).
    mutating func allocate(minimumCapacity: Int) -> UnsafeMutablePointer<Int32> {
        let size = Self.blockSize(holding: minimumCapacity)
        let sizeClass = Self.sizeClass(ofBlockSize: size)
        let memory: UnsafeMutableRawPointer
        if sizeClass >= Self.classCount {
            memory = Self.malloc(size)
        } else if let free = freeLists[sizeClass] {
            freeLists[sizeClass] = free.load(as: UnsafeMutableRawPointer?.self)
            memory = free
        } else {
            memory = cut(size)
        }
        let block = memory.bindMemory(to: Int32.self, capacity: size / MemoryLayout<Int32>.stride)
        block[0] = 0
        block[1] = Int32(Self.capacity(ofBlockSize: size))
        return block
    }

    /// Takes back a block made by ``allocate(minimumCapacity:)``.
    mutating func free(_ block: UnsafeMutablePointer<Int32>) {
        let size = (EdgeList.headerSize + Int(block[1])) * MemoryLayout<Int32>.stride
        let sizeClass = Self.sizeClass(ofBlockSize: size)
        if sizeClass >= Self.classCount {
            Self.free(UnsafeMutableRawPointer(block))
            return
        }
        let memory = UnsafeMutableRawPointer(block)
        memory.storeBytes(of: freeLists[sizeClass], as: UnsafeMutableRawPointer?.self)
        freeLists[sizeClass] = memory
    }

    /// A new block of `size` bytes (at most the largest class's) from the current chunk, or from a
    /// new chunk when the current one has no room left.
    @inline(__always)
    private mutating func cut(_ size: Int) -> UnsafeMutableRawPointer {
        let alignment = UInt(min(size, Self.chunkAlignment))
        let start = (next &+ alignment &- 1) & ~(alignment &- 1)
        guard start &+ UInt(size) <= end else { return cutFromNewChunk(size) }
        next = start &+ UInt(size)
        return UnsafeMutableRawPointer(bitPattern: start).unsafelyUnwrapped
    }

    /// ``cut(_:)`` when the current chunk has no room left: the rest of it is not used.
    @inline(never)
    private mutating func cutFromNewChunk(_ size: Int) -> UnsafeMutableRawPointer {
        var chunk: UnsafeMutableRawPointer?
        guard posix_memalign(&chunk, Self.chunkAlignment, nextChunkSize) == 0, let chunk else {
            fatalError("Constraints: out of memory for edge lists")
        }
        chunks.append(chunk)
        next = UInt(bitPattern: chunk) + UInt(size)
        end = UInt(bitPattern: chunk) + UInt(nextChunkSize)
        nextChunkSize = min(nextChunkSize * 2, Self.largestChunkSize)
        return chunk
    }

    /// Releases every chunk. Every list must have been emptied first (see the type's comment).
    func deallocate() {
        for chunk in chunks { Self.free(chunk) }
        freeLists.deallocate()
    }

    /// `malloc`: `UnsafeMutableRawPointer.allocate` asks the Swift runtime for the default
    /// alignment, which it serves with `posix_memalign` on Linux, about three times the
    /// instructions of `malloc` (callgrind).
    private static func malloc(_ size: Int) -> UnsafeMutableRawPointer {
        #if canImport(Glibc)
        let memory = Glibc.malloc(size)
        #else
        let memory = Darwin.malloc(size)
        #endif
        guard let memory else { fatalError("Constraints: out of memory for an edge list of \(size) bytes") }
        return memory
    }

    private static func free(_ memory: UnsafeMutableRawPointer) {
        #if canImport(Glibc)
        Glibc.free(memory)
        #else
        Darwin.free(memory)
        #endif
    }
}
