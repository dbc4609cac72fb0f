#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Contiguous, growable storage of ``NodeRecord``s indexed by dense `Int32` ids, with a free list
/// so that ids of destroyed nodes are reused.
///
/// Records are accessed through a raw pointer so that the hot paths pay neither bounds checks nor
/// copy-on-write checks. The pointer is re-read on every access: callers must not keep a record's
/// address across anything that can create nodes (running a closure).
@usableFromInline
struct NodeTable {
    @usableFromInline private(set) var base: UnsafeMutablePointer<NodeRecord>
    private(set) var capacity: Int
    /// One past the highest id ever handed out.
    private(set) var endIndex: Int32 = 0
    /// The ids of free slots, to reuse. A scratch stack rather than an array, so that the table
    /// is plain data: every access to a record through the graph's `table` accessor copies the
    /// table, and an array in it would be retained and released at each such access.
    private(set) var freeIDs = ScratchStack<Int32>(capacity: 16)

    init(capacity: Int = 64) {
        self.capacity = capacity
        // From `malloc`, as ``grow()`` resizes it with `realloc` while it is small.
        guard let storage = malloc(capacity * MemoryLayout<NodeRecord>.stride) else {
            fatalError("Constraints: no memory for a node table of \(capacity) records")
        }
        base = storage.assumingMemoryBound(to: NodeRecord.self)
    }

    /// The most nodes a table holds: an inline edge carries a record's byte offset in 32 bits
    /// (see ``EdgeList``). 67,108,863 records of 64 bytes, some 4.3 GB.
    static var maximumCount: Int { Int(UInt32.max) / MemoryLayout<NodeRecord>.stride }

    /// Number of live (allocated) nodes.
    var liveCount: Int { Int(endIndex) - freeIDs.count }

    @inline(__always)
    subscript(id: Int32) -> NodeRecord {
        unsafeAddress { UnsafePointer(base + Int(id)) }
        nonmutating unsafeMutableAddress { base + Int(id) }
    }

    /// The id of the node whose record is `record`, a record of this table.
    @inline(__always)
    func id(of record: UnsafeMutablePointer<NodeRecord>) -> Int {
        record - base
    }

    /// Takes a free slot (or a new one) and initialises it with `record`.
    @inline(__always)
    mutating func allocate(_ record: NodeRecord) -> Int32 {
        let id = freeIDs.popLast() ?? takeNewID()
        (base + Int(id)).initialize(to: record)
        return id
    }

    /// The id past the highest one handed out, the table grown first if it is full.
    private mutating func takeNewID() -> Int32 {
        if Int(endIndex) == capacity { grow() }
        precondition(Int(endIndex) < Self.maximumCount, "Constraints: a graph holds at most \(Self.maximumCount) nodes")
        let id = endIndex
        endIndex += 1
        return id
    }

    /// Returns the slot of a node whose edges were already released.
    mutating func free(_ id: Int32) {
        (base + Int(id)).deinitialize(count: 1)
        (base + Int(id)).initialize(to: NodeRecord())
        freeIDs.append(id)
    }

    /// Whether `id` names a live node: one with a store, or an effect (which has none).
    func isLive(_ id: Int32) -> Bool {
        id >= 0 && id < endIndex && (base[Int(id)].box != nil || base[Int(id)].flags.contains(.effect))
    }

    /// Doubles the capacity, moving the records as little as it can (a `NodeRecord` is plain data,
    /// checked in every build, so its bytes may move):
    /// - up to ``largestMallocCapacity`` records, the table is a `malloc` block resized with
    ///   `realloc`, which moves the records only when it cannot extend their block;
    /// - past that, it is a reservation of address space (``reservation(for:)``), which the table
    ///   grows into without moving; the system backs its pages as they are first written. Only
    ///   the step into a reservation and, twice at most, into a larger one copies the records.
    ///
    /// Why not `realloc` throughout: copying the records as a large table doubled was a fifth of
    /// the cost of making an input (callgrind).
    private mutating func grow() {
        precondition(_isPOD(NodeRecord.self), "Constraints: a node record is plain data, moved by realloc")
        let newCapacity = capacity * 2
        let stride = MemoryLayout<NodeRecord>.stride
        if newCapacity <= Self.largestMallocCapacity {
            guard let moved = realloc(base, newCapacity * stride) else {
                fatalError("Constraints: no memory for a node table of \(newCapacity) records")
            }
            base = moved.assumingMemoryBound(to: NodeRecord.self)
        } else if capacity <= Self.largestMallocCapacity || newCapacity > Self.reservation(for: capacity) {
            let reserved = Self.reservation(for: newCapacity)
            precondition(newCapacity <= reserved, "Constraints: a node table's reservation holds its capacity")
            let mapped = mmap(nil, reserved * stride, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON | MAP_NORESERVE, -1, 0)
            guard let mapped, mapped != MAP_FAILED else {
                fatalError("Constraints: no address space for a node table of \(reserved) records")
            }
            let moved = mapped.bindMemory(to: NodeRecord.self, capacity: reserved)
            moved.moveInitialize(from: base, count: capacity)
            releaseStorage()
            base = moved
        }
        capacity = newCapacity
    }

    /// The largest capacity of a table in a `malloc` block (64 KB of records); see ``grow()``.
    private static var largestMallocCapacity: Int { 1_024 }

    /// The records that the reservation of a table of `capacity` records (more than
    /// ``largestMallocCapacity``) holds: a million (64 MB of address space), eight million, then
    /// the most a table holds, in a power of two.
    private static func reservation(for capacity: Int) -> Int {
        capacity <= 1 << 20 ? 1 << 20 : capacity <= 1 << 23 ? 1 << 23 : 1 << 26
    }

    /// Gives the storage of the records back: to `free` or, for a reservation, to the system.
    private func releaseStorage() {
        if capacity <= Self.largestMallocCapacity {
            releaseTableStorage(base)
        } else {
            munmap(base, Self.reservation(for: capacity) * MemoryLayout<NodeRecord>.stride)
        }
    }

    /// Frees the storage. Edge blocks must have been released first.
    func deallocate() {
        base.deinitialize(count: Int(endIndex))
        releaseStorage()
        freeIDs.deallocate()
    }
}

/// Gives a table's storage back to `free` (the method ``NodeTable/free(_:)`` hides it inside the
/// table).
private func releaseTableStorage(_ storage: UnsafeMutableRawPointer) {
    free(storage)
}
