/// Counters of the work a graph did since it was created or ``Graph/resetStatistics()`` was called.
public struct GraphStatistics: Hashable, Sendable, Codable {
    /// Closures run (rules and effects).
    public var evaluations = 0
    /// Nodes set out of date by the mark phase.
    public var marks = 0
    /// Runs whose value equalled the previous one, so readers were not re-run.
    public var cutoffs = 0
    /// Dependency edges added (a closure read a node it did not read last time).
    public var edgesAdded = 0
    /// Dependency edges removed (no longer read, or the input was destroyed).
    public var edgesRemoved = 0
    /// Input writes that changed a value (written-then-restored and equal writes excluded).
    public var inputChanges = 0
    /// Nodes handed to ``Graph/update(_:continuingWhile:)``, summed over its calls: the list a
    /// sliced update brings up to date node by node, whose making and checking cost time even
    /// when nothing in it is out of date.
    public var nodesRequested = 0

    public init() {}
}

extension GraphStatistics {
    /// Decodes the counters; `nodesRequested`, missing from JSON written before it was counted,
    /// reads as 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        evaluations = try container.decode(Int.self, forKey: .evaluations)
        marks = try container.decode(Int.self, forKey: .marks)
        cutoffs = try container.decode(Int.self, forKey: .cutoffs)
        edgesAdded = try container.decode(Int.self, forKey: .edgesAdded)
        edgesRemoved = try container.decode(Int.self, forKey: .edgesRemoved)
        inputChanges = try container.decode(Int.self, forKey: .inputChanges)
        nodesRequested = try container.decodeIfPresent(Int.self, forKey: .nodesRequested) ?? 0
    }
}

/// Counters of the work done for one node; see ``Graph/statistics(of:)``.
public struct NodeStatistics: Hashable, Sendable, Codable, BitwiseCopyable {
    /// Times the node's closure ran.
    public var evaluations = 0
    /// Times the mark phase set the node out of date.
    public var marks = 0
    /// Runs whose value equalled the previous one.
    public var cutoffs = 0
    /// Input edges the node gained.
    public var edgesAdded = 0
    /// Input edges the node lost.
    public var edgesRemoved = 0

    public init() {}
}

/// Counters of the work done for all nodes of one name; see ``Graph/statisticsByName``.
///
/// Nodes named alike are usually one kind of node (the view layer names a node after its view type
/// and its role, such as `Text.layout`), so these counters tell what kinds of work a graph did: the
/// virtual clock's per-kind costs are charged from them.
public struct NameStatistics: Hashable, Sendable, Codable, BitwiseCopyable {
    /// Times a closure of a node of this name ran.
    public var evaluations = 0
    /// The input edges those runs recorded, summed over the runs: the reads a run made of distinct
    /// nodes, a measure of how much a combining node (a container's display list) had to combine.
    public var inputsRead = 0
    /// Nodes of this name created.
    public var nodesCreated = 0

    public init() {}
}

extension Graph {
    /// Graph-wide counters.
    public var statistics: GraphStatistics { counters }

    /// Zeroes the graph-wide, per-node and per-name counters.
    public func resetStatistics() {
        counters = GraphStatistics()
        edgesAtStatisticsReset = edgeCount().inputs
        nodeCountersCountEveryEdge = false
        for index in 0 ..< nodeCounters.count { nodeCounters[index] = NodeStatistics() }
        for slot in 0 ..< nameCounters.count { nameCounters[slot] = NameStatistics() }
    }

    /// Whether per-node and per-name counters are kept. Turning it on starts every node and name
    /// at zero.
    public var recordsNodeStatistics: Bool {
        get { recordsNodeCounters }
        set {
            recordsNodeCounters = newValue
            nodeCountersCountEveryEdge = false
            nodeCounters.truncate(to: 0)
            nameCounters.truncate(to: 0)
            guard newValue else { return }
            for _ in 0 ..< Int(table.endIndex) { nodeCounters.append(NodeStatistics()) }
            for _ in 0 ... names.count { nameCounters.append(NameStatistics()) }
        }
    }

    /// The counters of every node name work was counted for while ``recordsNodeStatistics`` was on;
    /// nodes created without a name count under `""`. Empty when it is off.
    public var statisticsByName: [String: NameStatistics] {
        var result: [String: NameStatistics] = [:]
        for slot in 0 ..< nameCounters.count where nameCounters[slot] != NameStatistics() {
            result[name(atSlot: slot), default: NameStatistics()] = nameCounters[slot]
        }
        return result
    }

    // The per-name counters by slot, for a reader that compares them often (the virtual clock):
    // slot 0 counts unnamed nodes, slot n + 1 the name interned n-th. Slots only grow.

    /// How many name slots ``nameStatistics(atSlot:)`` has.
    package var nameSlotCount: Int { nameCounters.count }

    /// The counters of a name slot (see ``nameSlotCount``).
    package func nameStatistics(atSlot slot: Int) -> NameStatistics { nameCounters[slot] }

    /// The name of a name slot: `""` for slot 0, the unnamed nodes.
    package func name(atSlot slot: Int) -> String { slot == 0 ? "" : names[slot - 1] }

    /// The counters of `node`, or `nil` when ``recordsNodeStatistics`` is off or the node is not a
    /// live node of this graph.
    public func statistics(of node: some GraphNode) -> NodeStatistics? {
        let id = node.id
        guard recordsNodeCounters, id.graph == ObjectIdentifier(self), table.isLive(id.index) else { return nil }
        return nodeCounters[Int(id.index)]
    }

    /// The name slot of node `id` (see ``nameSlotCount``).
    func nameSlot(of id: Int32) -> Int { nameSlot(of: table.base + Int(id)) }

    /// The name slot of the node whose record is `record`.
    @inline(__always)
    func nameSlot(of record: UnsafeMutablePointer<NodeRecord>) -> Int { Int(record.pointee.nameIndex) + 1 }

    func resetNodeCounters(_ id: Int32) {
        while nodeCounters.count <= Int(id) { nodeCounters.append(NodeStatistics()) }
        nodeCounters[Int(id)] = NodeStatistics()
    }
}
