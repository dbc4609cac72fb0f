import Constraints

/// A piece of user interface, described by a value whose ``body`` is made of other views.
///
/// Every view becomes graph nodes when a ``ViewHost`` instantiates it: a custom view gets a body
/// node that depends only on the state and environment its `body` actually reads; primitives
/// (``Text``, ``Color``, stacks, modifiers…) get layout-computer, geometry and display-list nodes.
public protocol View {
    /// The type of view this view's body is made of (`Never` for primitives).
    associatedtype Body: View

    /// The content of the view. Evaluated by a body node; reading `@State` and `@Environment`
    /// properties here records dependencies.
    @ViewBuilder var body: Body { get }

    /// Makes the nodes of this view as a single view placed at `inputs.geometry`.
    /// Primitives implement this; custom views use the default, which makes a body node.
    static func makeView(_ view: Rule<Self>, inputs: ViewInputs) -> ViewOutputs

    /// Makes the nodes of this view as a list of elements for a stack (a `TupleView` contributes
    /// one element per child, a `ForEach` one per item). The default contributes one element, or,
    /// for custom views, the elements of the body.
    static func makeViewList(_ view: Rule<Self>, inputs: ViewListInputs) -> Rule<[ViewElement]>
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views have no body.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

extension View {
    public static func makeView(_ view: Rule<Self>, inputs: ViewInputs) -> ViewOutputs {
        precondition(Body.self != Never.self, "\(Self.self) is a primitive view and must implement makeView")
        return Body.makeView(makeBody(of: view, inputs: inputs), inputs: inputs)
    }

    public static func makeViewList(_ view: Rule<Self>, inputs: ViewListInputs) -> Rule<[ViewElement]> {
        if Body.self == Never.self { return inputs.makeElement(view) }
        return Body.makeViewList(makeBody(of: view, inputs: inputs.base), inputs: inputs)
    }

    /// The body node of a custom view: reads the view value, connects its `@State` and
    /// `@Environment` properties to their nodes, and evaluates `body` (on the main thread).
    static func makeBody(of view: Rule<Self>, inputs: ViewInputs) -> Rule<Body> {
        let context = inputs.context
        let properties = DynamicPropertyStorage(context: context, environment: inputs.environment,
                                                subgraph: context.graph.currentSubgraph)
        let name = context.typeNames.name(of: Self.self, suffix: ".body")
        return context.graph.rule(name: name, requiresMainThread: true) {
            let value = view.value
            properties.install(into: value)
            return context.evaluatingBody(name) { value.body }
        }
    }
}

/// A view of this module that is one element of its container, whatever its value: it keeps the
/// default ``View/makeViewList(_:inputs:)`` of primitive views, ``ViewListInputs/makeElement(_:)``.
/// A tuple view makes the element of such a child directly (``ViewListInputs/makeSingleElement(_:)``).
///
/// Only types that never implement `makeViewList` themselves may conform: a conforming type's own
/// `makeViewList` would not be called by a tuple view.
protocol SingleElementView: View {}

extension Text: SingleElementView {}
extension Color: SingleElementView {}
extension Rectangle: SingleElementView {}
extension Spacer: SingleElementView {}
extension HStack: SingleElementView {}
extension VStack: SingleElementView {}
extension ZStack: SingleElementView {}
extension Button: SingleElementView {}
extension ModifiedContent: SingleElementView {}
extension ScrollFeed: SingleElementView {}
