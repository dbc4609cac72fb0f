import Constraints

/// An environment in the graph: a node holding ``EnvironmentValues`` plus one projection node per
/// key that something reads, so that readers depend on single keys and the equality cutoff stops
/// changes to other keys.
final class EnvironmentNode: @unchecked Sendable {
    let name: String
    let values: Rule<EnvironmentValues>
    /// Unowned for the same reason as ``ViewGraphContext/graph``.
    private unowned let graph: Graph
    /// The subgraph the environment belongs to; projections made later go there too.
    private let subgraph: Subgraph?
    private var projections: [AnyKeyPath: Any] = [:]

    init(name: String, graph: Graph, values: @escaping () -> EnvironmentValues) {
        self.name = name
        self.graph = graph
        self.subgraph = graph.currentSubgraph
        self.values = graph.rule(name: name, values)
    }

    /// The node reading one key of this environment.
    func projection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        if let existing = projections[keyPath] as? Rule<Value> { return existing }
        let values = self.values
        let rule = graph.withCurrentSubgraph(subgraph) {
            graph.rule(name: "\(name).\(EnvironmentValues.name(of: keyPath))") {
                values.value[keyPath: keyPath]
            }
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
}
