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
/// A child environment (an environment-writing modifier's) is a node of its whole values, the
/// parent's with one key written, as in SwiftUI: a change to the parent's values reaches the
/// views below through it. The node computing the written value is itself the child's projection
/// of that key (no second node reads it back out of the values).
///
/// Keys are numbered and node names made once per host (``EnvironmentKeys``): a list of rows, each
/// with environments of its own, compares, hashes and joins no key path or name per row.
final class EnvironmentNode: @unchecked Sendable {
    let name: String
    /// Unowned for the same reason as ``ViewGraphContext/graph``.
    private unowned let graph: Graph
    /// The subgraph the environment belongs to; projections made later go there too.
    private let subgraph: Subgraph?
    /// The host's key numbers and names, shared by all its environments.
    private let keys: EnvironmentKeys
    /// The names of this environment's nodes.
    private let names: EnvironmentNames
    /// The projections made so far, by key number (a handful per environment). Unchecked, as the
    /// tables of ``EnvironmentKeys`` and ``EnvironmentNames``: see ``EnvironmentKeys``.
    @exclusivity(unchecked)
    private var projections: [(key: Int, rule: Any)] = []
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
        keys = EnvironmentKeys()
        names = keys.names(ofEnvironmentNamed: name)
        source = .root(RootSource(values: values))
    }

    private init(names: EnvironmentNames, graph: Graph, keys: EnvironmentKeys, parent: EnvironmentNode, written: any WrittenKey) {
        self.name = names.environment
        self.graph = graph
        subgraph = graph.currentSubgraph
        self.keys = keys
        self.names = names
        source = .child(parent: parent, written: written)
    }

    /// The node reading one key of this environment.
    func projection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        projection(keyPath, key: keys.key(of: keyPath))
    }

    private func projection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>, key: Int) -> Rule<Value> {
        for projection in projections where projection.key == key {
            if let rule = projection.rule as? Rule<Value> { return rule }
        }
        let rule = graph.withCurrentSubgraph(subgraph) { makeProjection(keyPath, key: key) }
        // Room for a handful at once: growing from one to four moved the table twice.
        if projections.isEmpty { projections.reserveCapacity(4) }
        projections.append((key, rule))
        return rule
    }

    private func makeProjection<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>, key: Int) -> Rule<Value> {
        let name = names.projection(of: key, in: keys)
        switch source {
        case .root(let root):
            let input = root.input(for: keyPath, name: keys.inputName(of: key), in: graph)
            return graph.rule(name: name, body: ValueOfInput(input: input))
        case .child(_, let written):
            if let rule = written.rule(for: key, as: Value.self) { return rule }
            let values = self.values
            if let field = keys.field(of: key, as: Value.self) {
                return graph.rule(name: name, body: FieldOfValues(values: values, field: field))
            }
            return graph.rule(name: name, body: KeyOfValues(values: values, keyPath: keyPath))
        }
    }

    /// A node whose value is this environment's value of `keyPath`, made here only when no node
    /// above computes it: for a built-in key, the node computing it where it was last written, or
    /// the root's projection (environments in between wrote other keys, which a built-in key does
    /// not overlap). For a reader that needs no node named after this environment (a button's tint
    /// reads the color above it this way).
    func inheritedNode<Value: Equatable>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Rule<Value> {
        node(giving: keyPath, key: keys.key(of: keyPath))
    }

    /// ``inheritedNode(_:)`` for the key numbered `key`.
    private func node<Value: Equatable>(giving keyPath: KeyPath<EnvironmentValues, Value>, key: Int) -> Rule<Value> {
        if case .child(let parent, let written) = source {
            if let rule = written.rule(for: key, as: Value.self) { return rule }
            if keys.isBuiltIn(key) && keys.isBuiltIn(written.key) { return parent.node(giving: keyPath, key: key) }
        }
        return projection(keyPath, key: key)
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
    /// child's projection of `keyPath`, a node named after the child (`"Environment(font).font"`).
    /// The child is named `name`, or after the key it writes (`"Environment(font)"`).
    func writing<Value: Equatable>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>, name: String? = nil, _ value: @escaping () -> Value
    ) -> EnvironmentNode {
        let key = keys.key(of: keyPath)
        let names = name.map { keys.names(ofEnvironmentNamed: $0) } ?? keys.names(ofEnvironmentWriting: key)
        let rule = graph.rule(name: names.projection(of: key, in: keys), value)
        return EnvironmentNode(names: names, graph: graph, keys: keys, parent: self,
                               written: Written(keyPath: keyPath, field: keys.field(of: key, as: Value.self), key: key, rule: rule))
    }

    /// Changes the host's values with `change` (the root only): writes the values and the input of
    /// every key read, which marks the readers of the keys whose values changed.
    func update(_ change: (inout EnvironmentValues) -> Void) {
        guard case .root(let root) = source else { preconditionFailure("\(name) is not a host's environment") }
        root.update(change)
    }
}

/// The keys read or written in one host's environments, numbered in the order first met, and the
/// names of the environments' nodes, made once per host. Accessed under the graph's update lock.
///
/// A key-path literal is one object each time its expression runs, so a key path is looked up by
/// identity first; an equal key path met as another object (another literal of the same path) gets
/// the same number.
///
/// The tables here, in ``EnvironmentNames`` and ``EnvironmentNode``'s projections are read a few
/// times for every view made, and each access is short and calls out to nothing that could reach
/// the same table: their exclusivity is not checked at run time (what that check cost a list
/// row's build: `Docs/Performance.md`).
private final class EnvironmentKeys {
    /// Key-path objects met, with their key numbers. Bounded: key paths made afresh each time
    /// (with subscript arguments) are compared by value once the list is full.
    @exclusivity(unchecked)
    private var known: [(keyPath: AnyKeyPath, key: Int)] = []
    /// One key path per key number.
    @exclusivity(unchecked)
    private var keyPaths: [AnyKeyPath] = []
    /// Each key's name (``EnvironmentValues/name(of:)``) and the name of the root's input for it.
    @exclusivity(unchecked)
    private var keyNames: [(name: String, input: String)] = []
    /// Each key's ``EnvironmentField`` (``EnvironmentValues/field(of:)``), `nil` for a key that is
    /// not built in.
    @exclusivity(unchecked)
    private var fields: [AnyObject?] = []
    /// The names of environments, made once per environment name.
    private var environments: [EnvironmentNames] = []
    /// Per key number: the names of the environment of a modifier writing that key, once made.
    @exclusivity(unchecked)
    private var writers: [EnvironmentNames?] = []

    private static let knownLimit = 64

    /// The number of the key `keyPath`.
    func key(of keyPath: AnyKeyPath) -> Int {
        for entry in known where entry.keyPath === keyPath { return entry.key }
        let key = keyPaths.firstIndex(of: keyPath) ?? add(keyPath)
        if known.count < Self.knownLimit { known.append((keyPath, key)) }
        return key
    }

    private func add(_ keyPath: AnyKeyPath) -> Int {
        let name = EnvironmentValues.name(of: keyPath)
        keyPaths.append(keyPath)
        keyNames.append((name, "environment.\(name)"))
        fields.append(EnvironmentValues.field(of: keyPath))
        writers.append(nil)
        return keyPaths.count - 1
    }

    /// The name of key `key`.
    func name(of key: Int) -> String { keyNames[key].name }

    /// The field of key `key`, whose values are `Value`s, if it is a built-in key.
    func field<Value>(of key: Int, as _: Value.Type) -> EnvironmentField<Value>? {
        guard let field = fields[key] else { return nil }
        assert(field is EnvironmentField<Value>, "key \(key) does not hold \(Value.self) values")
        return unsafeDowncast(field, to: EnvironmentField<Value>.self)
    }

    /// The name of the root's input for key `key`.
    func inputName(of key: Int) -> String { keyNames[key].input }

    /// Whether `key` is a built-in key (a stored field of ``EnvironmentValues``, which no other
    /// key path overlaps).
    func isBuiltIn(_ key: Int) -> Bool { keyNames[key].name != "value" }

    /// The names of the environments named `name`.
    func names(ofEnvironmentNamed name: String) -> EnvironmentNames {
        if let known = environments.first(where: { $0.environment == name }) { return known }
        let made = EnvironmentNames(environment: name)
        environments.append(made)
        return made
    }

    /// The names of the environments of modifiers writing `key`: `"Environment(font)"`.
    func names(ofEnvironmentWriting key: Int) -> EnvironmentNames {
        if let known = writers[key] { return known }
        let made = names(ofEnvironmentNamed: "Environment(\(name(of: key)))")
        writers[key] = made
        return made
    }
}

/// The names of the nodes of environments of one name, made once per host.
private final class EnvironmentNames {
    /// The environment's name.
    let environment: String
    /// The names of its projections, by key number, once made (unchecked: see ``EnvironmentKeys``).
    @exclusivity(unchecked)
    private var projections: [String?] = []

    init(environment: String) { self.environment = environment }

    /// The name of the projection of key `key`: `"Environment(root).font"`.
    func projection(of key: Int, in keys: EnvironmentKeys) -> String {
        while projections.count <= key { projections.append(nil) }
        if let name = projections[key] { return name }
        let name = "\(environment).\(keys.name(of: key))"
        projections[key] = name
        return name
    }
}

/// The key a child environment writes, and the node computing its value.
private protocol WrittenKey: AnyObject {
    /// The key's number (``EnvironmentKeys``).
    var key: Int { get }
    /// The node computing the written value, if `key` is the written key.
    func rule<Value>(for key: Int, as _: Value.Type) -> Rule<Value>?
    /// Writes the current value into `values` (read inside a rule: records the dependency).
    func write(into values: inout EnvironmentValues)
}

private final class Written<Value: Equatable>: WrittenKey {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    /// The key's field, written instead of applying `keyPath` when the key is built in.
    let field: EnvironmentField<Value>?
    let key: Int
    let rule: Rule<Value>

    init(keyPath: WritableKeyPath<EnvironmentValues, Value>, field: EnvironmentField<Value>?, key: Int, rule: Rule<Value>) {
        self.keyPath = keyPath
        self.field = field
        self.key = key
        self.rule = rule
    }

    /// The rule, when `key` is the written key (whose values are then `Value`s, as `Read` must be).
    /// Converted without a dynamic cast, which looked up the metadata of both rule types.
    func rule<Read>(for key: Int, as _: Read.Type) -> Rule<Read>? {
        guard key == self.key else { return nil }
        precondition(Read.self == Value.self, "key \(key) holds \(Value.self) values, not \(Read.self)")
        return unsafeBitCast(rule, to: Rule<Read>.self)
    }

    func write(into values: inout EnvironmentValues) {
        if let field {
            field.write(&values, rule.value)
        } else {
            values[keyPath: keyPath] = rule.value
        }
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

// An environment's projections, as stored bodies (``RuleBody``): a list row reads several keys,
// and its button writes its tint (see "Rules as stored bodies" in `Docs/Views.md`).

/// A root environment's projection of a key: the input the key's value is written to.
struct ValueOfInput<Value>: RuleBody {
    let input: Input<Value>

    var value: Value { input.value }
}

/// A child environment's projection of a built-in key: its field of the whole values.
struct FieldOfValues<Value>: RuleBody {
    let values: Rule<EnvironmentValues>
    let field: EnvironmentField<Value>

    var value: Value { field.read(values.value) }
}

/// A child environment's projection of another key: its key path applied to the whole values.
struct KeyOfValues<Value>: RuleBody {
    let values: Rule<EnvironmentValues>
    let keyPath: KeyPath<EnvironmentValues, Value>

    var value: Value { values.value[keyPath: keyPath] }
}
