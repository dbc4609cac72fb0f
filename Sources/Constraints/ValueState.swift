/// The state bits of a node's value, with AttributeGraph's bit assignments.
public struct ValueState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Marked out of date (Hudson's mark) and not yet brought up to date. A rule that never ran is
    /// not marked; it lacks ``valueExists``.
    public static let dirty = ValueState(rawValue: 0x01)
    /// At least one input edge is pending (the input changed since the node last ran), or, for an
    /// input, a written value is staged.
    public static let pending = ValueState(rawValue: 0x02)
    /// The node is being brought up to date or its closure is running.
    public static let updating = ValueState(rawValue: 0x04)
    /// The node has a value (inputs always; rules after their first run).
    public static let valueExists = ValueState(rawValue: 0x08)
    /// A dirty node at or above this one requires the main thread: it must not be brought up to
    /// date off the main thread while it is dirty.
    public static let mainThread = ValueState(rawValue: 0x10)
    /// The node's closure must run on the main thread (set at creation).
    public static let requiresMainThread = ValueState(rawValue: 0x40)

    public var description: String {
        let names: [(ValueState, String)] = [
            (.dirty, "dirty"), (.pending, "pending"), (.updating, "updating"),
            (.valueExists, "valueExists"), (.mainThread, "mainThread"),
            (.requiresMainThread, "requiresMainThread"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// Identifies a node within its graph. Ids of destroyed nodes are reused.
public struct NodeID: Hashable, Sendable, CustomStringConvertible {
    let graph: ObjectIdentifier?
    /// The dense index of the node in its graph, or -1 for a node that no longer exists.
    public let index: Int32
    public var description: String { "#\(index)" }
}

/// What every node handle (``Input``, ``Rule``, ``Effect``) offers for introspection.
public protocol GraphNode: Sendable {
    /// The node's id, or an id with index -1 once the node no longer exists.
    var id: NodeID { get }
    /// The node's name.
    var name: String { get }
    /// The node's value state.
    var state: ValueState { get }
}

extension GraphNode {
    /// Whether the node still exists (its subgraph was not destroyed, it was not cancelled).
    public var isAlive: Bool { id.index >= 0 }

    /// Whether the node may be brought up to date off the main thread now: it is not both dirty and
    /// below a dirty node that requires the main thread (AttributeGraph's `allowsAsyncUpdate`).
    public var allowsAsyncUpdate: Bool { !state.isSuperset(of: [.dirty, .mainThread]) }

    /// Whether reading the node now would run nothing: it has a value and is not marked out of
    /// date. A node that no longer exists has nothing to bring up to date either.
    public var isUpToDate: Bool { !isAlive || (state.contains(.valueExists) && !state.contains(.dirty)) }
}

extension Graph {
    /// The value state of live node `id`.
    func valueState(of id: Int32) -> ValueState {
        let record = table[id]
        let flags = record.flags
        var state: ValueState = []
        if flags.contains(.dirty) { state.insert(.dirty) }
        if flags.contains(.visiting) { state.insert(.updating) }
        if flags.contains(.hasValue) { state.insert(.valueExists) }
        if flags.contains(.mainThread) { state.insert(.mainThread) }
        if flags.contains(.requiresMainThread) { state.insert(.requiresMainThread) }
        if flags.contains(.pendingWrite) || hasPendingInput(id) { state.insert(.pending) }
        return state
    }

    /// Whether some input edge of `id` is pending (see ``NodeRecord``).
    func hasPendingInput(_ id: Int32) -> Bool {
        let record = table[id]
        if record.flags.contains(.input) || !record.flags.contains(.hasValue) { return false }
        if record.flags.contains(.forceRun) { return true }
        for index in 0 ..< record.inputs.count where isPending(from: record.inputs[index], to: id) {
            return true
        }
        return false
    }
}

/// Handles of nodes with a value (inputs and rules), whose introspection is written once below.
protocol ValueNode: GraphNode {
    /// The node's graph and id, while the node exists.
    var liveNode: (graph: Graph, id: Int32)? { get }
    /// The value type's name, for the name of a destroyed node.
    var valueTypeName: String { get }
}

extension ValueNode {
    public var id: NodeID {
        liveNode.map { NodeID(graph: ObjectIdentifier($0.graph), index: $0.id) } ?? NodeID(graph: nil, index: -1)
    }
    public var state: ValueState { liveNode.map { $0.graph.valueState(of: $0.id) } ?? [] }
    public var name: String { liveNode.map { $0.graph.name(of: $0.id) } ?? "<destroyed \(valueTypeName) node>" }
}

extension Input: ValueNode {
    var liveNode: (graph: Graph, id: Int32)? {
        let id = nodeID
        return id < 0 ? nil : (core.pointee.graph.takeUnretainedValue(), id)
    }
    var valueTypeName: String { String(describing: Value.self) }
}

extension Rule: ValueNode {
    var liveNode: (graph: Graph, id: Int32)? {
        let id = nodeID
        return id < 0 ? nil : (AnyRuleStore.header(entry).pointee.core.pointee.graph.takeUnretainedValue(), id)
    }
    var valueTypeName: String { String(describing: Value.self) }
}

extension Effect: GraphNode {
    public var id: NodeID { liveGraph.map { NodeID(graph: ObjectIdentifier($0), index: nodeID) } ?? NodeID(graph: nil, index: -1) }
    public var state: ValueState { liveGraph?.valueState(of: nodeID) ?? [] }
    public var name: String { liveGraph?.name(of: nodeID) ?? "<destroyed Effect node>" }
}
