import Constraints

/// An environment in the graph: one projection node per key that something reads, so that readers
/// depend on single keys and the equality cutoff stops changes to other keys.
///
/// The built-in keys (color scheme, font, foreground color) each flow along a path of their own:
/// the host holds an input per built-in key (``HostEnvironment``), and an environment that writes
/// a built-in key reads the other built-in keys from its parent's projections of them. The
/// mark phase follows edges, not values, so this is what keeps a color-scheme switch from marking
/// every text's layout through its font: it marks only the nodes that read the color scheme.
/// Other keys, and every key below an environment that writes another key, are read from the
/// whole ``EnvironmentValues``, so a key derived from others (a computed property) always sees
/// the writes above it.
final class EnvironmentNode: @unchecked Sendable {
    let name: String
    /// Unowned for the same reason as ``ViewGraphContext/graph``.
    private unowned let graph: Graph
    /// The subgraph the environment belongs to; projections made later go there too.
    private let subgraph: Subgraph?
    private let source: Source
    private var projections: [AnyKeyPath: Any] = [:]
    /// The node of the whole values of an environment that writes a key, made on first use.
    private var writtenValues: Rule<EnvironmentValues>?

    /// Where an environment's values come from.
    private enum Source {
        /// The host's inputs.
        case host(HostEnvironment)
        /// The parent's values with `keyPath` set to the value of the node `value` (a `Rule<Value>`).
        case writing(parent: EnvironmentNode, keyPath: AnyKeyPath, value: Any, write: (inout EnvironmentValues) -> Void)
    }

    /// The root environment, read from the host's inputs.
    init(name: String, graph: Graph, host: HostEnvironment) {
        self.name = name
        self.graph = graph
        subgraph = graph.currentSubgraph
        source = .host(host)
    }

    private init(name: String, graph: Graph, source: Source) {
        self.name = name
        self.graph = graph
        subgraph = graph.currentSubgraph
        self.source = source
    }

    /// The node reading one key of this environment.
    func projection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        if let existing = projections[keyPath] as? Rule<Value> { return existing }
        let rule = makeProjection(keyPath)
        projections[keyPath] = rule
        return rule
    }

    private func makeProjection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        let isBuiltIn = EnvironmentValues.isBuiltIn(keyPath)
        switch source {
        case .host(let host):
            if isBuiltIn, let input = host.input(for: keyPath) { return projectionNode(keyPath) { input.value } }
        case .writing(let parent, let written, let value, _) where isBuiltIn && EnvironmentValues.isBuiltIn(written):
            let read = written == keyPath ? value as! Rule<Value> : parent.projection(keyPath)
            return projectionNode(keyPath) { read.value }
        case .writing:
            break
        }
        let values = wholeValues()
        return projectionNode(keyPath) { values()[keyPath: keyPath] }
    }

    private func projectionNode<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>, _ read: @escaping () -> Value) -> Rule<Value> {
        graph.withCurrentSubgraph(subgraph) {
            graph.rule(name: "\(name).\(EnvironmentValues.name(of: keyPath))", read)
        }
    }

    /// Reads the whole values of this environment (recording the read).
    private func wholeValues() -> () -> EnvironmentValues {
        switch source {
        case .host(let host):
            let values = host.values
            return { values.value }
        case .writing(let parent, _, _, let write):
            if writtenValues == nil {
                let parentValues = parent.wholeValues()
                writtenValues = graph.withCurrentSubgraph(subgraph) {
                    graph.rule(name: name) {
                        var environment = parentValues()
                        write(&environment)
                        return environment
                    }
                }
            }
            let values = writtenValues!
            return { values.value }
        }
    }

    /// A child environment that changes `keyPath` to the value of `value`.
    func writing<Value: Equatable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Rule<Value>, name: String) -> EnvironmentNode {
        EnvironmentNode(name: name, graph: graph, source: .writing(parent: self, keyPath: keyPath, value: value) { environment in
            environment[keyPath: keyPath] = value.value
        })
    }
}

/// The host's environment: an input holding every value, and one per built-in key that changes
/// only when that key does.
struct HostEnvironment {
    let values: Input<EnvironmentValues>
    let colorScheme: Input<ColorScheme>
    let font: Input<Font>
    let foregroundColor: Input<Color?>

    init(_ initial: EnvironmentValues, graph: Graph) {
        values = graph.input(initial, name: "environment")
        colorScheme = graph.input(initial.colorScheme, name: "environment.colorScheme")
        font = graph.input(initial.font, name: "environment.font")
        foregroundColor = graph.input(initial.foregroundColor, name: "environment.foregroundColor")
    }

    /// Sets every input from `values` (an input given an equal value does not change).
    func set(_ new: EnvironmentValues) {
        values.value = new
        colorScheme.value = new.colorScheme
        font.value = new.font
        foregroundColor.value = new.foregroundColor
    }

    /// The input of a built-in key.
    func input<Value>(for keyPath: KeyPath<EnvironmentValues, Value>) -> Input<Value>? {
        switch keyPath {
        case \EnvironmentValues.colorScheme: colorScheme as? Input<Value>
        case \EnvironmentValues.font: font as? Input<Value>
        case \EnvironmentValues.foregroundColor: foregroundColor as? Input<Value>
        default: nil
        }
    }
}
