import Constraints

/// An environment in the graph: one projection node per key that something reads, so that readers
/// depend on single keys and the equality cutoff stops changes to other keys.
///
/// The host's environment (the root) keeps one input per key read: a projection of the root reads
/// its key's input, not the whole values, so that changing one key (the color scheme) marks only
/// the readers of that key. Marking is eager and reaches every node that may depend on a changed
/// node; were the root's projections readers of the whole values, a color-scheme switch would mark
/// every reader of the font too (each text's layout, and through it the layout, placement and
/// geometry of every view), only for the cutoff to find them unchanged.
///
/// A child environment (an environment-writing modifier's) has no node for its whole values: the
/// node computing the written value is the projection of the written key, and the projection of
/// another built-in key reads the node of the nearest environment above that computes that key
/// (where it was written, or the root's projection). So a child costs a node per key
/// read, and changing one key of the host marks only that key's readers below children too. Only a
/// key path that may overlap the written one (a user key, or a path into a value) is read from the
/// child's whole values, made for it on first use.
final class EnvironmentNode: @unchecked Sendable {
    let name: String
    /// Unowned for the same reason as ``ViewGraphContext/graph``.
    private unowned let graph: Graph
    /// The subgraph the environment belongs to; projections made later go there too.
    private let subgraph: Subgraph?
    private var projections: [AnyKeyPath: Any] = [:]
    private let source: Source
    /// The node of the whole values, made when a projection needs it.
    private var valuesNode: Rule<EnvironmentValues>?

    private enum Source {
        /// The host's values and the per-key inputs.
        case root(RootSource)
        /// The parent's values with one key written.
        case child(parent: EnvironmentNode, written: any WrittenKey)
    }

    /// The environment of a host: `values` is the host's input.
    init(rootNamed name: String, graph: Graph, values: Input<EnvironmentValues>) {
        self.name = name
        self.graph = graph
        subgraph = graph.currentSubgraph
        source = .root(RootSource(values: values))
    }

    private init(name: String, graph: Graph, parent: EnvironmentNode, written: any WrittenKey) {
        self.name = name
        self.graph = graph
        subgraph = graph.currentSubgraph
        source = .child(parent: parent, written: written)
    }

    /// The node reading one key of this environment.
    func projection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        if let existing = projections[keyPath] as? Rule<Value> { return existing }
        let rule = graph.withCurrentSubgraph(subgraph) { makeProjection(keyPath) }
        projections[keyPath] = rule
        return rule
    }

    private func makeProjection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        let keyName = EnvironmentValues.name(of: keyPath)
        let name = "\(self.name).\(keyName)"
        switch source {
        case .root(let root):
            let key = root.input(for: keyPath, name: "environment.\(keyName)", in: graph)
            return graph.rule(name: name) { key.value }
        case .child(let parent, let written):
            if let rule = written.rule(for: keyPath) { return rule }
            if keyName != "value" && written.keyName != "value" {
                let inherited = parent.node(giving: keyPath)
                return graph.rule(name: name) { inherited.value }
            }
            let values = self.values
            return graph.rule(name: name) { values.value[keyPath: keyPath] }
        }
    }

    /// A node whose value is this environment's value of the built-in key `keyPath`: the node
    /// computing it where it was last written, or the root's projection. Environments in between
    /// that wrote other built-in keys get no projection of it.
    private func node<Value: Equatable>(giving keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        if case .child(let parent, let written) = source, written.keyName != "value" {
            return written.rule(for: keyPath) ?? parent.node(giving: keyPath)
        }
        return projection(keyPath)
    }

    /// The node of the whole values of this environment.
    private var values: Rule<EnvironmentValues> {
        if let valuesNode { return valuesNode }
        let made = graph.withCurrentSubgraph(subgraph) { () -> Rule<EnvironmentValues> in
            switch source {
            case .root(let root):
                let values = root.values
                return graph.rule(name: name) { values.value }
            case .child(let parent, let written):
                let parentValues = parent.values
                return graph.rule(name: name) {
                    var environment = parentValues.value
                    written.write(into: &environment)
                    return environment
                }
            }
        }
        valuesNode = made
        return made
    }

    /// A child environment that changes `keyPath` to what `value` computes: `value` becomes the
    /// child's projection of `keyPath`, a node named after the child (`"\(name).font"`).
    func writing<Value: Equatable>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>, name: String, _ value: @escaping () -> Value
    ) -> EnvironmentNode {
        let keyName = EnvironmentValues.name(of: keyPath)
        let rule = graph.rule(name: "\(name).\(keyName)", value)
        return EnvironmentNode(name: name, graph: graph, parent: self,
                               written: Written(keyPath: keyPath, keyName: keyName, rule: rule))
    }

    /// Changes the host's values with `change` (the root only): writes the values and the input of
    /// every key read, which marks the readers of the keys whose values changed.
    func update(_ change: (inout EnvironmentValues) -> Void) {
        guard case .root(let root) = source else { preconditionFailure("\(name) is not a host's environment") }
        root.update(change)
    }
}

/// The key a child environment writes, and the node computing its value.
private protocol WrittenKey: AnyObject {
    /// The key's name (``EnvironmentValues/name(of:)``).
    var keyName: String { get }
    /// The node computing the written value, if `keyPath` is the written key.
    func rule<Value>(for keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value>?
    /// Writes the current value into `values` (read inside a rule: records the dependency).
    func write(into values: inout EnvironmentValues)
}

private final class Written<Value: Equatable>: WrittenKey {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let keyName: String
    let rule: Rule<Value>

    init(keyPath: WritableKeyPath<EnvironmentValues, Value>, keyName: String, rule: Rule<Value>) {
        self.keyPath = keyPath
        self.keyName = keyName
        self.rule = rule
    }

    func rule<Read>(for keyPath: KeyPath<EnvironmentValues, Read>) -> Rule<Read>? {
        keyPath == self.keyPath ? rule as? Rule<Read> : nil
    }

    func write(into values: inout EnvironmentValues) {
        values[keyPath: keyPath] = rule.value
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
