import Constraints

/// What a parent hands to a view when it makes the view's nodes.
public struct ViewInputs {
    let context: ViewGraphContext
    /// The environment in effect here.
    var environment: EnvironmentNode
    /// The node giving this view's frame in host coordinates.
    public internal(set) var geometry: Rule<Rect>
    /// The innermost `.animation(_:value:)` above this view, if any.
    var animationScope: AnimationScope?
    /// Where a `.transition(_:)` below records itself for the enclosing `ForEach` item.
    var transitionSink: TransitionSink?
    /// The identifier set by `.accessibilityIdentifier(_:)`, for the button below.
    var buttonIdentifier: String?
    /// Whether the buttons here act on taps, as the innermost `.disabled(_:)` above computes it
    /// (`nil`, enabled, without one).
    var isEnabled: Rule<Bool>?
    /// How many containers (stacks, lists) enclose this view: its place in ``SlicedUpdateOrder``.
    var depth = 0
    /// Whether this view is part of a row that a list (`ForEach`, ``ScrollFeed``) makes and
    /// destroys: a list in it is nested in ``SlicedUpdateOrder``'s sense.
    var isInListRow = false

    /// The graph the nodes go into.
    public var graph: Graph { context.graph }
}
