/// Per-node bookkeeping bits. ``ValueState`` is the public view of them.
///
/// `@usableFromInline`, like the record, table and recorder types, because the common case of a read
/// is inlined into client code (see ``GraphCore``); the flags are computed so that it tests constants.
@usableFromInline
struct NodeFlags: OptionSet, Sendable {
    @usableFromInline var rawValue: UInt16

    @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The node has a value (inputs always; rules and effects after their first run).
    @inlinable static var hasValue: NodeFlags { NodeFlags(rawValue: 1 << 0) }
    /// Hudson's *out-of-date* mark, set by the mark phase.
    @inlinable static var dirty: NodeFlags { NodeFlags(rawValue: 1 << 1) }
    /// The node is on the evaluate phase's walk stack: being brought up to date, or running (a
    /// node runs only from the walk). A read of it then is a dependency cycle.
    @inlinable static var visiting: NodeFlags { NodeFlags(rawValue: 1 << 2) }
    /// A dirty node upstream (or this one) requires the main thread; propagated by marks.
    @inlinable static var mainThread: NodeFlags { NodeFlags(rawValue: 1 << 3) }
    /// Set at creation: this node's closure must run on the main thread.
    @inlinable static var requiresMainThread: NodeFlags { NodeFlags(rawValue: 1 << 4) }
    /// The node must re-run when next brought up to date (never ran, or lost an input).
    @inlinable static var forceRun: NodeFlags { NodeFlags(rawValue: 1 << 5) }
    /// The node is an input (a source written from outside).
    @inlinable static var input: NodeFlags { NodeFlags(rawValue: 1 << 6) }
    /// The node is an effect (an observer run by `flush()`).
    @inlinable static var effect: NodeFlags { NodeFlags(rawValue: 1 << 7) }
    /// The effect sits in the graph's queue of effects to run.
    @inlinable static var queued: NodeFlags { NodeFlags(rawValue: 1 << 8) }
    /// The input has a written value that is not committed yet (batch or write during evaluation).
    @inlinable static var pendingWrite: NodeFlags { NodeFlags(rawValue: 1 << 9) }
    /// The rule was given an `initialValue:`, so a cyclic read before its first run has a value.
    @inlinable static var hasInitialValue: NodeFlags { NodeFlags(rawValue: 1 << 10) }
    /// The graph keeps per-node counters (``Graph/recordsNodeStatistics``): this node's marks and
    /// runs take the general paths, which count them. A bit per node, so that the fast paths test
    /// it together with the flags they test anyway.
    @inlinable static var counted: NodeFlags { NodeFlags(rawValue: 1 << 11) }

    /// Whether the node is out of date (``dirty``) without being forced to run (``forceRun``).
    @inlinable var isOnlyDirty: Bool {
        rawValue & (Self.dirty.rawValue | Self.forceRun.rawValue) == Self.dirty.rawValue
    }

    /// Whether the node is out of date (``dirty``) and needs attention for no other reason: it is
    /// neither forced to run nor being brought up to date.
    @inlinable var isOnlyOutOfDate: Bool {
        intersection(Self.needsAttention) == .dirty
    }

    /// A node with any of these cannot simply be read: it is out of date, must run, or is being
    /// brought up to date (a read of it is a cycle).
    @inlinable static var needsAttention: NodeFlags {
        NodeFlags(rawValue: dirty.rawValue | forceRun.rawValue | visiting.rawValue)
    }
}

/// Everything the algorithm keeps about one node, stored contiguously (56 bytes).
///
/// Hudson's per-edge *pending* flag is represented with two clocks instead of a bit per edge:
/// the edge `input → reader` is pending exactly when `input.changedAt > reader.ranAt`, that is, when
/// the input's value changed after the reader last ran. Setting an input therefore costs one clock
/// tick instead of a write per output edge, and the predicate the algorithm tests is unchanged.
@usableFromInline
struct NodeRecord {
    /// Graph clock value at which this node's value last changed.
    var changedAt: UInt64 = 0
    /// Graph clock value at which this node's closure last finished running.
    var ranAt: UInt64 = 0
    /// The nodes this node read during its last run, in read order.
    @usableFromInline var inputs = EdgeList()
    /// The nodes that read this node during their last run (unordered).
    var outputs = EdgeList()
    /// The box holding the node's value and closure; `nil` for a free slot. Retained by the table.
    @usableFromInline var box: Unmanaged<NodeBox>?
    /// Run id of the last run that recorded a read of this node (duplicate-read detection).
    @usableFromInline var readStamp: UInt32 = 0
    @usableFromInline var flags: NodeFlags = []
    /// Index into the graph's interned names, or -1.
    var nameIndex: Int32 = -1
    /// Index of the owning subgraph in the graph's subgraph table, or 0 for the root.
    var subgraph: Int32 = 0
}

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
    private var freeIDs: [Int32] = []

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// The most nodes a table holds: an inline edge carries a record's byte offset in 32 bits
    /// (see ``EdgeList``). About 76 million, which would take some 10 GB.
    static var maximumCount: Int { Int(UInt32.max) / MemoryLayout<NodeRecord>.stride }

    /// Number of live (allocated) nodes.
    var liveCount: Int { Int(endIndex) - freeIDs.count }

    @inline(__always)
    subscript(id: Int32) -> NodeRecord {
        unsafeAddress { UnsafePointer(base + Int(id)) }
        nonmutating unsafeMutableAddress { base + Int(id) }
    }

    /// Takes a free slot (or a new one) and initialises it with `record`.
    mutating func allocate(_ record: NodeRecord) -> Int32 {
        if let id = freeIDs.popLast() {
            (base + Int(id)).initialize(to: record)
            return id
        }
        if Int(endIndex) == capacity { grow() }
        precondition(Int(endIndex) < Self.maximumCount, "Constraints: a graph holds at most \(Self.maximumCount) nodes")
        let id = endIndex
        (base + Int(id)).initialize(to: record)
        endIndex += 1
        return id
    }

    /// Returns the slot of a node whose edges and box were already released.
    mutating func free(_ id: Int32) {
        (base + Int(id)).deinitialize(count: 1)
        (base + Int(id)).initialize(to: NodeRecord())
        freeIDs.append(id)
    }

    /// Whether `id` names a live node.
    func isLive(_ id: Int32) -> Bool {
        id >= 0 && id < endIndex && base[Int(id)].box != nil
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<NodeRecord>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: Int(endIndex))
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Frees the storage. Boxes and edge blocks must have been released first.
    func deallocate() {
        base.deinitialize(count: Int(endIndex))
        base.deallocate()
    }
}
