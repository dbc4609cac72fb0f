import Constraints

/// An environment in the graph: a node holding ``EnvironmentValues`` plus one projection node per
/// key that something reads, so that readers depend on single keys and the equality cutoff stops
/// changes to other keys.
///
/// The host's environment (the root) also keeps one input per key read: a projection of the root
/// reads its key's input, not the whole values, so that changing one key (the color scheme) marks
/// only the readers of that key. Marking is eager and reaches every node that may depend on a
/// changed node; were the root's projections readers of the whole values, a color-scheme switch
/// would mark every reader of the font too (each text's layout, and through it the layout,
/// placement and geometry of every view), only for the cutoff to find them unchanged.
final class EnvironmentNode: @unchecked Sendable {
    let name: String
    let values: Rule<EnvironmentValues>
    /// Unowned for the same reason as ``ViewGraphContext/graph``.
    private unowned let graph: Graph
    /// The subgraph the environment belongs to; projections made later go there too.
    private let subgraph: Subgraph?
    private var projections: [AnyKeyPath: Any] = [:]
    /// The host's values and the per-key inputs, for the root; `nil` for a child environment.
    private let root: RootSource?

    /// The environment of a host: `values` is the host's input.
    init(rootNamed name: String, graph: Graph, values: Input<EnvironmentValues>) {
        self.name = name
        self.graph = graph
        self.subgraph = graph.currentSubgraph
        self.values = graph.rule(name: name) { values.value }
        root = RootSource(values: values)
    }

    private init(name: String, graph: Graph, values: @escaping () -> EnvironmentValues) {
        self.name = name
        self.graph = graph
        self.subgraph = graph.currentSubgraph
        self.values = graph.rule(name: name, values)
        root = nil
    }

    /// The node reading one key of this environment.
    func projection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        if let existing = projections[keyPath] as? Rule<Value> { return existing }
        let name = "\(self.name).\(EnvironmentValues.name(of: keyPath))"
        let rule = graph.withCurrentSubgraph(subgraph) {
            if let root {
                let key = root.input(for: keyPath, name: "environment.\(EnvironmentValues.name(of: keyPath))", in: graph)
                return graph.rule(name: name) { key.value }
            }
            let values = self.values
            return graph.rule(name: name) { values.value[keyPath: keyPath] }
        }
        projections[keyPath] = rule
        return rule
    }

    /// A child environment that changes `keyPath` to the value of `value`.
    func writing<Value: Equatable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Rule<Value>, name: String) -> EnvironmentNode {
        let parent = values
        return EnvironmentNode(name: name, graph: graph) {
            var environment = parent.value
            environment[keyPath: keyPath] = value.value
            return environment
        }
    }

    /// Changes the host's values with `change` (the root only): writes the values and the input of
    /// every key read, which marks the readers of the keys whose values changed.
    func update(_ change: (inout EnvironmentValues) -> Void) {
        guard let root else { preconditionFailure("\(name) is not a host's environment") }
        root.update(change)
    }
}

/// The host's environment values and, for each key read, an input holding that key's value.
private final class RootSource {
    let values: Input<EnvironmentValues>
    /// Writes one key's input from new values (the input marks its readers only when the key's
    /// value changed).
    private var keyWriters: [(EnvironmentValues) -> Void] = []

    init(values: Input<EnvironmentValues>) { self.values = values }

    /// A new input holding the value at `keyPath`, kept up to date by ``update(_:)``.
    func input<Value: Equatable>(for keyPath: KeyPath<EnvironmentValues, Value>, name: String, in graph: Graph) -> Input<Value> {
        let values = self.values
        let key = graph.input(graph.withoutRecordingReads { values.value[keyPath: keyPath] }, name: name)
        keyWriters.append { key.value = $0[keyPath: keyPath] }
        return key
    }

    func update(_ change: (inout EnvironmentValues) -> Void) {
        var newValues = values.value
        change(&newValues)
        values.value = newValues
        for write in keyWriters { write(newValues) }
    }
}
