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

    public init() {}
}

/// Counters of the work done for one node; see ``Graph/statistics(of:)``.
public struct NodeStatistics: Hashable, Sendable, Codable {
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

extension Graph {
    /// Graph-wide counters.
    public var statistics: GraphStatistics { counters }

    /// Zeroes the graph-wide and per-node counters.
    public func resetStatistics() {
        counters = GraphStatistics()
        for index in nodeCounters.indices { nodeCounters[index] = NodeStatistics() }
    }

    /// Whether per-node counters are kept. Turning it on starts every node at zero.
    public var recordsNodeStatistics: Bool {
        get { recordsNodeCounters }
        set {
            recordsNodeCounters = newValue
            nodeCounters = newValue ? Array(repeating: NodeStatistics(), count: Int(table.endIndex)) : []
        }
    }

    /// The counters of `node`, or `nil` when ``recordsNodeStatistics`` is off or the node is not a
    /// live node of this graph.
    public func statistics(of node: some GraphNode) -> NodeStatistics? {
        let id = node.id
        guard recordsNodeCounters, id.graph == ObjectIdentifier(self), table.isLive(id.index) else { return nil }
        return nodeCounters[Int(id.index)]
    }

    func resetNodeCounters(_ id: Int32) {
        while nodeCounters.count <= Int(id) { nodeCounters.append(NodeStatistics()) }
        nodeCounters[Int(id)] = NodeStatistics()
    }
}
