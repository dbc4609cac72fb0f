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
    /// How many containers (stacks, lists) enclose this view: its place in ``UpdateOrder``.
    var depth = 0
    /// Whether this view is part of a row that a list (`ForEach`, ``ScrollFeed``) makes and
    /// destroys: a list in it is nested in ``UpdateOrder``'s sense.
    var isInListRow = false

    /// The graph the nodes go into.
    public var graph: Graph { context.graph }
}

/// What a view's nodes give back to its parent.
public struct ViewOutputs: Sendable {
    /// The view's layout-computer node.
    public var layout: Rule<LayoutComputer>
    /// The view's display-list node.
    public var displayList: Rule<DisplayList>

    public init(layout: Rule<LayoutComputer>, displayList: Rule<DisplayList>) {
        self.layout = layout
        self.displayList = displayList
    }
}

/// Identity of an element of a view list: the path of tuple positions, `ForEach` ids and branch
/// tags that leads to it.
///
/// Paths share their prefixes (each component points to its parent), so extending a path is O(1)
/// however deep the view tree, and comparing an id with itself is a pointer comparison.
public struct ElementID: Hashable, @unchecked Sendable, CustomStringConvertible {
    private final class Component {
        let parent: Component?
        let value: AnyHashable
        let depth: Int
        let hash: Int

        init(parent: Component?, value: AnyHashable) {
            self.parent = parent
            self.value = value
            depth = (parent?.depth ?? 0) + 1
            var hasher = Hasher()
            hasher.combine(parent?.hash ?? 0)
            hasher.combine(value)
            hash = hasher.finalize()
        }
    }

    private let last: Component?

    /// The id of a container's content: the empty path.
    static let root = ElementID(last: nil)

    private init(last: Component?) { self.last = last }

    func appending(_ component: AnyHashable) -> ElementID {
        ElementID(last: Component(parent: last, value: component))
    }

    public static func == (lhs: ElementID, rhs: ElementID) -> Bool {
        var left = lhs.last, right = rhs.last
        while let l = left, let r = right {
            if l === r { return true }
            if l.hash != r.hash || l.depth != r.depth || l.value != r.value { return false }
            left = l.parent
            right = r.parent
        }
        return left == nil && right == nil
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(last?.hash ?? 0)
    }

    public var description: String {
        var components: [String] = []
        var current = last
        while let component = current {
            components.append("\(component.value.base)")
            current = component.parent
        }
        return components.reversed().joined(separator: "/")
    }
}

/// One element of a stack's content: a single view's outputs.
public struct ViewElement: Equatable, Sendable {
    public let id: ElementID
    public let outputs: ViewOutputs
    /// The element's frame node.
    public let geometry: Rule<Rect>
    /// The element's place as a list sends it (``ListPlacement``).
    let placement: ElementPlacement

    /// The element's layout computer as a list reads it (``ElementLayoutWatch``), made on first use.
    var layoutWatch: ElementLayoutWatch { placement.layoutWatch(of: outputs.layout) }

    public static func == (lhs: ViewElement, rhs: ViewElement) -> Bool {
        lhs.id == rhs.id && lhs.outputs.layout.id == rhs.outputs.layout.id
            && lhs.outputs.displayList.id == rhs.outputs.displayList.id && lhs.geometry.id == rhs.geometry.id
    }
}

/// Where a container publishes the frames of its elements: the frame of each element by its
/// position in the container's elements, beside those elements.
///
/// Built from two arrays (no table keyed by id), so placing `n` elements costs `n` frames. An
/// element looks for its frame where it found it last (``frame(of:near:)``); only when elements
/// moved is a table of positions by id made, once per placement.
public struct Placement: Equatable, Sendable {
    /// The container's elements, in order.
    let elements: [ViewElement]
    /// The frame of the element at each position of ``elements``.
    let frames: [Rect]
    private let positions = PositionTable()

    init(elements: [ViewElement], frames: [Rect]) {
        self.elements = elements
        self.frames = frames
    }

    /// The frame of the element `id`, or `nil` when it is not placed here. Looks at position
    /// `hint` first, and sets `hint` to the position where the element is.
    func frame(of id: ElementID, near hint: inout Int) -> Rect? {
        let count = min(elements.count, frames.count)
        if hint >= 0 && hint < count && elements[hint].id == id { return frames[hint] }
        guard let position = positions.position(of: id, in: elements), position < count else { return nil }
        hint = position
        return frames[position]
    }

    public static func == (lhs: Placement, rhs: Placement) -> Bool {
        lhs.frames == rhs.frames && lhs.elements == rhs.elements
    }
}

/// The positions of a placement's elements by id, made on the first lookup that needs it (graph
/// evaluation is serialized by the update lock).
private final class PositionTable: @unchecked Sendable {
    /// Unchecked exclusivity, like the environment's tables (``EnvironmentKeys``): each access is
    /// short and reaches no other.
    @exclusivity(unchecked)
    private var positions: [ElementID: Int]?

    func position(of id: ElementID, in elements: [ViewElement]) -> Int? {
        if positions == nil {
            var table: [ElementID: Int] = [:]
            table.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() { table[element.id] = position }
            positions = table
        }
        return positions![id]
    }
}

/// Lets elements made before their container's placement node read it once it exists.
final class PlacementSource: @unchecked Sendable {
    var placement: Rule<Placement>?
    /// How many elements were made for the container so far: the position where the next one
    /// looks for its frame first (``Placement/frame(of:near:)``). Elements are mostly made in
    /// their order (a tuple's children, a list's first rows), so the first look finds them; one
    /// made out of order only falls back to the placement's table. Starting every element at
    /// position 0 made each placement build that table: views-bench's build spent about 6,700
    /// instructions per row in `frame(of:near:)` (`build-per-row.sh`).
    private var elementsMade = 0
    /// The container's layout and geometry, for a list; set once the container's elements are
    /// made, before any of them is evaluated.
    var layout: Rule<LayoutComputer>?
    var geometry: Rule<Rect>?

    /// The position of an element made now in the container's elements, if they are made in order.
    func nextElementPosition() -> Int {
        defer { elementsMade += 1 }
        return elementsMade
    }

    /// Whether the container is a list, which draws its elements in their own coordinates and
    /// places them itself (``ListPlacement``).
    var placesElementsLocally: Bool { layout != nil }

    /// The list's origin, and its axis and spacing when it is a stack (a list's stack is always a
    /// ``LayoutComputer/list(_:)``; read inside `Graph.withoutRecordingReads`).
    func list() -> (origin: Point, axis: Axis?, spacing: Double) {
        let origin = geometry?.value.origin ?? .zero
        guard case .list(let list) = layout?.value else { return (origin, nil, 0) }
        return (origin, list.axis, list.spacing)
    }
}

/// What a stack hands to its content when it makes the content's elements.
public struct ViewListInputs {
    /// The inputs each element's view gets (its `geometry` is replaced per element).
    public internal(set) var base: ViewInputs
    let placement: PlacementSource
    /// The id prefix of elements made here.
    var elementID: ElementID

    /// Makes a one-element list for a single view: its geometry is its frame in the container's
    /// placement (animated when an animation applies).
    func makeElement<V: View>(_ view: Rule<V>) -> Rule<[ViewElement]> {
        let element = makeSingleElement(view)
        return base.graph.rule(name: base.context.typeNames.name(of: V.self, suffix: ".element")) { [element] }
    }

    /// The element of a single view, without the node of ``makeElement(_:)`` that lists it.
    func makeSingleElement<V: View>(_ view: Rule<V>) -> ViewElement {
        let graph = base.graph
        let placement = ElementPlacement(context: base.context, scope: base.animationScope, subgraph: graph.currentSubgraph)
        let frame = ElementFrame(id: elementID, source: self.placement, placement: placement, graph: graph,
                                 context: base.context, scope: base.animationScope)
        var inputs = base
        inputs.geometry = graph.rule(name: base.context.typeNames.name(of: V.self, suffix: ".geometry")) { frame.current() }
        return ViewElement(id: elementID, outputs: V.makeView(view, inputs: inputs), geometry: inputs.geometry, placement: placement)
    }
}
