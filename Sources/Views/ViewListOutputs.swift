import Constraints

/// What a view's nodes give back to its container when they make the view's elements
/// (``View/makeViewList(_:inputs:)``): the elements, and what the container must know of them.
public struct ViewListOutputs {
    /// The elements: one made once (a single view's, which never changes), or a node whose value
    /// may change (a `ForEach`'s, an `if`'s, a tuple's).
    enum Elements {
        /// One element, with the type of its view (the name of a node listing it, ``node(in:names:)``).
        case one(ViewElement, view: Any.Type)
        /// A node of elements.
        case node(Rule<[ViewElement]>)
    }

    let elements: Elements
    /// Whether the elements include those of a `ForEach` made with them: a container of them is a
    /// list (its rows draw in their own coordinates, ``ListRowPlacer``).
    let hasForEach: Bool
    /// Whether the elements can change (they include a `ForEach`'s or a conditional's): a container
    /// of them reads their layouts through watches (``ElementLayoutWatch``).
    let isDynamic: Bool

    /// The one element of a single view.
    init(one element: ViewElement, of view: Any.Type) {
        elements = .one(element, view: view)
        hasForEach = false
        isDynamic = false
    }

    /// The elements of `node`, which include a `ForEach`'s if `hasForEach` and can change if `isDynamic`.
    init(node: Rule<[ViewElement]>, hasForEach: Bool = false, isDynamic: Bool = false) {
        elements = .node(node)
        self.hasForEach = hasForEach
        self.isDynamic = isDynamic
    }

    /// The elements as a node: the node, or for one element a node holding it, made now in
    /// `context`'s graph and named after its view (`"Text.element"`).
    func node(in context: ViewGraphContext) -> Rule<[ViewElement]> {
        switch elements {
        case .node(let node):
            return node
        case .one(let element, let view):
            return context.graph.rule(name: context.typeNames.name(of: view, suffix: ".element"), body: OneElement(element: element))
        }
    }

    /// The same elements, as a node (``node(in:)``).
    func asNode(in context: ViewGraphContext) -> ViewListOutputs {
        if case .node = elements { return self }
        return ViewListOutputs(node: node(in: context), hasForEach: hasForEach, isDynamic: isDynamic)
    }
}

/// The elements node of a single view (its one element), as a stored body (``RuleBody``): a list's
/// every row needs one.
struct OneElement: RuleBody {
    let element: ViewElement

    var value: [ViewElement] { [element] }
}
