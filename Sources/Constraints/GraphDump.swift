import Foundation

/// A snapshot of the graph's structure and state, as written by ``Graph/json()``.
public struct GraphSnapshot: Codable, Hashable, Sendable {
    /// One node of the snapshot.
    public struct Node: Codable, Hashable, Sendable {
        public var id: Int32
        public var name: String
        /// `input`, `rule` or `effect`.
        public var kind: String
        public var valueType: String
        /// The cached value as text (`nil` for effects and rules that never ran).
        public var value: String?
        /// ``ValueState`` bits by name.
        public var state: [String]
        /// Name of the owning subgraph, if any.
        public var subgraph: String?
        /// Index of the owning subgraph (names need not be unique), if any.
        public var subgraphIndex: Int32?
        /// Input edges in read order.
        public var inputs: [Edge]
        public var statistics: NodeStatistics?
    }

    /// An input edge: the node read and whether it changed since the reader last ran.
    public struct Edge: Codable, Hashable, Sendable {
        public var from: Int32
        public var pending: Bool
    }

    public var nodes: [Node]
    public var statistics: GraphStatistics
}

extension Graph {
    /// The graph's live nodes, edges and state.
    public func snapshot() -> GraphSnapshot {
        var nodes: [GraphSnapshot.Node] = []
        for id in 0 ..< table.endIndex where table.isLive(id) {
            let record = table[id]
            let box = record.box?.takeUnretainedValue()  // `nil` for an effect
            let flags = record.flags
            let kind = flags.contains(.input) ? "input" : flags.contains(.effect) ? "effect" : "rule"
            let state = valueState(of: id)
            let inputs = (0 ..< record.inputs.count).map { index in
                GraphSnapshot.Edge(from: record.inputs[index], pending: isPending(from: record.inputs[index], to: id))
            }
            nodes.append(GraphSnapshot.Node(
                id: id, name: name(of: id), kind: kind, valueType: box?.valueTypeName ?? "Effect",
                value: flags.contains(.hasValue) ? box?.valueDescription(slot: record.slot) : nil,
                state: state.description.dropFirst().dropLast().split(separator: ", ").map(String.init),
                subgraph: subgraphTable[Int(record.subgraph)]?.name,
                subgraphIndex: record.subgraph == 0 ? nil : record.subgraph,
                inputs: inputs,
                statistics: recordsNodeCounters ? nodeCounters[Int(id)] : nil
            ))
        }
        return GraphSnapshot(nodes: nodes, statistics: counters)
    }

    /// The graph as JSON (a ``GraphSnapshot``), with sorted keys so that dumps diff cleanly.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try! encoder.encode(snapshot()), as: UTF8.self)
    }

    /// The graph in Graphviz DOT (see ``GraphSnapshot/dot(values:highlighted:)``).
    ///
    /// - Parameter includeValues: also print each node's value in its label. Off by default: value
    ///   descriptions can contain addresses, which would make drawings differ from run to run.
    public func dot(includeValues: Bool = false) -> String {
        snapshot().dot(values: includeValues ? .all : .none)
    }
}

extension GraphSnapshot {
    /// Which values a drawing prints in node labels.
    public enum ValueLabels: Hashable, Sendable {
        /// None.
        case none
        /// Every value.
        case all
        /// Values of at most `maxLength` characters that contain no address (`0x…`), so that
        /// drawings are the same from run to run.
        case short(maxLength: Int)

        func label(for value: String) -> String? {
            switch self {
            case .none: nil
            case .all: value
            case .short(let maxLength): value.count <= maxLength && !value.contains("0x") ? value : nil
            }
        }
    }

    /// The snapshot in Graphviz DOT, drawn as AGDebugKit draws AttributeGraph: dirty nodes and
    /// pending edges in red, inputs as ellipses, effects as hexagons, each subgraph as a cluster,
    /// and the `highlighted` nodes (say, those a render evaluated) filled.
    public func dot(values: ValueLabels = .none, highlighted: Set<Int32> = []) -> String {
        var lines = ["digraph Constraints {", "  node [shape=box, style=rounded, fontname=Helvetica];"]
        var clusters: [Int32: (name: String, members: [Int32])] = [:]
        for node in nodes {
            if let index = node.subgraphIndex, let name = node.subgraph {
                clusters[index, default: (name, [])].members.append(node.id)
            }
            var label = node.name
            if let value = node.value.flatMap(values.label(for:)) { label += "\n= " + value }
            var attributes = ["label=\(Self.quoted(label))"]
            if node.kind == "input" { attributes.append("shape=ellipse") }
            if node.kind == "effect" { attributes.append("shape=hexagon") }
            if node.state.contains("dirty") { attributes += ["color=red", "fontcolor=red"] }
            if highlighted.contains(node.id) { attributes += ["style=\"rounded,filled\"", "fillcolor=\"#FFE8A3\""] }
            lines.append("  n\(node.id) [\(attributes.joined(separator: ", "))];")
        }
        for index in clusters.keys.sorted() {
            let (name, members) = clusters[index]!
            let list = members.map { "n\($0);" }.joined(separator: " ")
            lines.append("  subgraph cluster_\(index) { label=\(Self.quoted(name)); \(list) }")
        }
        for node in nodes {
            for edge in node.inputs {
                lines.append("  n\(edge.from) -> n\(node.id)\(edge.pending ? " [color=red]" : "");")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }
}
