@_spi(Reflection) import Swift
import Constraints
import Scheduling

/// A property of a view that the body node connects to the graph before evaluating `body`
/// (``State``, ``Environment``).
public protocol DynamicProperty {}

/// What the body node needs from a dynamic property: storage made once per view instance, and a
/// way to point a fresh copy of the view's property at that storage.
protocol InstallableProperty: DynamicProperty {
    /// The storage of this property of a view of type `viewType`.
    func makeStorage(_ context: ViewGraphContext, environment: EnvironmentNode, viewType: Any.Type) -> AnyObject
    /// Points this copy of the property at `storage`, made by ``makeStorage(_:environment:viewType:)``
    /// of the same property.
    func install(_ storage: AnyObject)
}

extension InstallableProperty {
    /// ``makeStorage(_:environment:viewType:)`` for the property stored at `address`.
    static func makeStorage(
        at address: UnsafeRawPointer, _ context: ViewGraphContext, environment: EnvironmentNode, viewType: Any.Type
    ) -> AnyObject {
        address.assumingMemoryBound(to: Self.self).pointee
            .makeStorage(context, environment: environment, viewType: viewType)
    }

    /// ``install(_:)`` for the property stored at `address`.
    static func install(at address: UnsafeRawPointer, _ storage: AnyObject) {
        address.assumingMemoryBound(to: Self.self).pointee.install(storage)
    }
}

/// The persistent storage of one view instance's dynamic properties, in declaration order.
///
/// Views are values: a parent's body makes fresh copies every time it runs. Before the child's body
/// runs, ``install(into:)`` links each `@State` and `@Environment` of the copy to the node
/// that persists across copies. Where those properties sit in the view is read from the view
/// type's field layout on the first install; later installs go straight to them.
final class DynamicPropertyStorage: @unchecked Sendable {
    private let context: ViewGraphContext
    private let environment: EnvironmentNode
    private let subgraph: Subgraph?
    /// The view's dynamic properties: their offsets and types, and the storage made for each.
    private var properties: [(offset: Int, type: any InstallableProperty.Type, storage: AnyObject)]?

    init(context: ViewGraphContext, environment: EnvironmentNode, subgraph: Subgraph?) {
        self.context = context
        self.environment = environment
        self.subgraph = subgraph
    }

    func install<Value>(into view: Value) {
        withUnsafeBytes(of: view) { bytes in
            guard let base = bytes.baseAddress else { return }  // a view with no stored properties
            if properties == nil { properties = makeProperties(of: Value.self, at: base) }
            for property in properties! { property.type.install(at: base + property.offset, property.storage) }
        }
    }

    /// Makes the storage of the dynamic properties of `Value` (a view struct) from the view at `base`.
    private func makeProperties<Value>(
        of _: Value.Type, at base: UnsafeRawPointer
    ) -> [(offset: Int, type: any InstallableProperty.Type, storage: AnyObject)] {
        context.graph.withCurrentSubgraph(subgraph) {
            DynamicPropertyLayout.fields(of: Value.self).map { field in
                let storage = field.type.makeStorage(
                    at: base + field.offset, context, environment: environment, viewType: Value.self
                )
                return (field.offset, field.type, storage)
            }
        }
    }
}

/// Where the dynamic properties of each view type sit, read from the type's field layout once per
/// type: a list of 10,000 rows of one type reflects on it once, not once per row.
enum DynamicPropertyLayout {
    /// The fields of one type (metatypes are immutable, so sharing them across threads is safe).
    private struct Fields: @unchecked Sendable {
        let list: [(offset: Int, type: any InstallableProperty.Type)]
    }

    private static let layouts = Protected<[ObjectIdentifier: Fields]>([:])

    /// The offsets and types of the dynamic properties among the stored properties of `Value`.
    static func fields<Value>(of _: Value.Type) -> [(offset: Int, type: any InstallableProperty.Type)] {
        if let known = layouts.withLock({ $0[ObjectIdentifier(Value.self)] }) { return known.list }
        var found: [(offset: Int, type: any InstallableProperty.Type)] = []
        _ = _forEachField(of: Value.self, options: []) { _, offset, type, _ in
            if let property = type as? any InstallableProperty.Type { found.append((offset, property)) }
            return true
        }
        let fields = Fields(list: found)
        layouts.withLock { $0[ObjectIdentifier(Value.self)] = fields }
        return found
    }
}

/// A value owned by a view instance and stored in a graph input.
///
/// Reading it in `body` makes the body depend on it. Writing it (from an event handler) queues a
/// transaction that the host applies at the start of the next frame; until then, reads outside
/// the graph's evaluation return the written value.
@propertyWrapper
public struct State<Value>: DynamicProperty, InstallableProperty {
    private let initialValue: Value
    private let location = StateLocation<Value>()

    /// A state whose first value is `wrappedValue`.
    public init(wrappedValue: Value) { initialValue = wrappedValue }

    /// A state whose first value is `initialValue`.
    public init(initialValue: Value) { self.initialValue = initialValue }

    public var wrappedValue: Value {
        get { location.storage?.read() ?? initialValue }
        nonmutating set { location.storage?.write(newValue) }
    }

    /// A binding to the state.
    public var projectedValue: Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }

    func makeStorage(_ context: ViewGraphContext, environment: EnvironmentNode, viewType: Any.Type) -> AnyObject {
        StateStorage(context: context, value: initialValue, name: context.typeNames.name(of: viewType, suffix: ".state"))
    }

    func install(_ storage: AnyObject) {
        location.storage = unsafeDowncast(storage, to: StateStorage<Value>.self)
    }
}

extension State: Equatable {
    /// States never make two view values differ: the stored value lives in the graph, not in the view.
    public static func == (lhs: State, rhs: State) -> Bool { true }
}

/// The per-copy link from a `State` to its storage.
final class StateLocation<Value>: @unchecked Sendable {
    var storage: StateStorage<Value>?
}

/// Type-erased access to queued state writes.
protocol AnyStateStorage: AnyObject {
    func commit()
}

/// The graph input behind one `@State`, plus the value written but not applied yet.
final class StateStorage<Value>: AnyStateStorage, @unchecked Sendable {
    private unowned let context: ViewGraphContext
    let input: Input<Value>
    private var pending: Value?

    init(context: ViewGraphContext, value: Value, name: String) {
        self.context = context
        input = context.graph.input(value, name: name)
    }

    func read() -> Value {
        if !context.graph.isUpdating, let pending { return pending }
        return input.value
    }

    func write(_ value: Value) {
        pending = value
        context.enqueue(self)
    }

    func commit() {
        guard let value = pending else { return }
        pending = nil
        input.value = value
    }
}

/// A read-write reference to a value owned elsewhere (usually a ``State``).
@propertyWrapper
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }
}

/// Reads a value from the environment. The body depends on that key only.
@propertyWrapper
public struct Environment<Value: Equatable>: DynamicProperty, InstallableProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let location = EnvironmentLocation<Value>()

    /// Reads the value at `keyPath`, e.g. `@Environment(\.colorScheme) var colorScheme`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value { location.rule?.value ?? EnvironmentValues()[keyPath: keyPath] }

    func makeStorage(_ context: ViewGraphContext, environment: EnvironmentNode, viewType: Any.Type) -> AnyObject {
        EnvironmentLocation(rule: environment.projection(keyPath))
    }

    func install(_ storage: AnyObject) {
        location.rule = unsafeDowncast(storage, to: EnvironmentLocation<Value>.self).rule
    }
}

extension Environment: Equatable {
    /// Environment properties never make two view values differ.
    public static func == (lhs: Environment, rhs: Environment) -> Bool { true }
}

/// The link from an `@Environment` to its projection node.
final class EnvironmentLocation<Value>: @unchecked Sendable {
    var rule: Rule<Value>?
    init(rule: Rule<Value>? = nil) { self.rule = rule }
}
