import Constraints

/// A Graphviz drawing of a graph snapshot, in the conventions of ``Constraints/Graph/dot()`` and
/// AGDebugKit: out-of-date (dirty) nodes and pending edges in red, inputs as ellipses. Nodes in
/// `filled` (those a render evaluated) are filled.
///
/// `Graph.dot()` labels every node with its whole value; for view values that runs to hundreds of
/// characters and includes memory addresses, which would change the drawings on every run. Here a
/// value is shown only when it is short and holds no address.
enum GraphDrawing {
    /// Longest value shown in a label.
    static let longestValue = 32

    static func dot(_ snapshot: GraphSnapshot, filled: Set<Int32> = []) -> String {
        var lines = ["digraph Constraints {", "  node [shape=box, style=rounded, fontname=Helvetica];"]
        for node in snapshot.nodes {
            var label = node.name
            if let value = node.value, value.count <= longestValue, !value.contains("0x") { label += "\n= " + value }
            var attributes = ["label=\(quoted(label))"]
            if node.kind == "input" { attributes.append("shape=ellipse") }
            if node.kind == "effect" { attributes.append("shape=hexagon") }
            if node.state.contains("dirty") { attributes += ["color=red", "fontcolor=red"] }
            if filled.contains(node.id) { attributes += ["style=\"rounded,filled\"", "fillcolor=\"#FFE8A3\""] }
            lines.append("  n\(node.id) [\(attributes.joined(separator: ", "))];")
        }
        for node in snapshot.nodes {
            for edge in node.inputs {
                lines.append("  n\(edge.from) -> n\(node.id)\(edge.pending ? " [color=red]" : "");")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a DOT string literal.
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
