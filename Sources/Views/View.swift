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

    /// Makes the nodes of this view as a list of elements for a container (a `TupleView`
    /// contributes one element per child, a `ForEach` one per item), and says what it made. The
    /// default contributes one element for a primitive view, or, for a custom view, the elements of
    /// its body.
    static func makeViewList(_ view: Rule<Self>, inputs: ViewListInputs) -> ViewListOutputs
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

    public static func makeViewList(_ view: Rule<Self>, inputs: ViewListInputs) -> ViewListOutputs {
        if Body.self == Never.self { return inputs.makeElement(view) }
        // A custom view's elements are a node, even when its body is one view.
        return Body.makeViewList(makeBody(of: view, inputs: inputs.base), inputs: inputs).asNode(in: inputs.base.context)
    }

    /// The body node of a custom view: reads the view value, connects its `@State` and
    /// `@Environment` properties to their nodes, and evaluates `body` (on the main thread).
    static func makeBody(of view: Rule<Self>, inputs: ViewInputs) -> Rule<Body> {
        let context = inputs.context
        let properties = DynamicPropertyStorage(context: context, environment: inputs.environment,
                                                subgraph: context.graph.currentSubgraph)
        let name = context.typeNames.name(of: Self.self, suffix: ".body")
        // A closure, not a stored body: a body whose value is the associated `Body` looked up more
        // at every rule made than the closure's context costs ("Rules as stored bodies", `Docs/Views.md`).
        return context.graph.rule(name: name, requiresMainThread: true) {
            let value = view.value
            properties.install(into: value)
            return context.evaluatingBody(name) { value.body }
        }
    }
}
