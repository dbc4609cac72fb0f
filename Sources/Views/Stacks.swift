import Constraints

/// Children side by side, left to right.
public struct HStack<Content: View>: LinearStack {
    public typealias Body = Never
    static var axis: Axis { .horizontal }
    let alignment: Alignment
    let spacing: Double?
    let content: Content

    public init(alignment: Alignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// Children stacked top to bottom.
public struct VStack<Content: View>: LinearStack {
    public typealias Body = Never
    static var axis: Axis { .vertical }
    let alignment: Alignment
    let spacing: Double?
    let content: Content

    public init(alignment: Alignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// What `HStack` and `VStack` share: a stack along one axis.
protocol LinearStack: View where Body == Never {
    associatedtype Content: View
    static var axis: Axis { get }
    var alignment: Alignment { get }
    var spacing: Double? { get }
    var content: Content { get }
}

extension LinearStack {
    public static func makeView(_ view: Rule<Self>, inputs: ViewInputs) -> ViewOutputs {
        let names = axis == .horizontal ? ContainerNames.hStack : ContainerNames.vStack
        let graph = inputs.graph
        let parameters = graph.rule(name: names.parameters) {
            StackParameters(alignment: view.value.alignment, spacing: view.value.spacing ?? 8)
        }
        let stack = { () -> StackShape in
            let parameters = parameters.value
            return StackShape(axis: axis, spacing: parameters.spacing, alignment: parameters.alignment)
        }
        return makeContainer(names: names, content: graph.rule(name: names.content) { view.value.content }, inputs: inputs, stack: stack) { children in
            stack().layout(children)
        }
    }
}

/// Children on top of each other, later ones in front.
public struct ZStack<Content: View>: View {
    public typealias Body = Never
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public static func makeView(_ view: Rule<ZStack>, inputs: ViewInputs) -> ViewOutputs {
        let alignment = inputs.graph.rule(name: ContainerNames.zStack.parameters) { view.value.alignment }
        return makeContainer(names: .zStack, content: inputs.graph.rule(name: ContainerNames.zStack.content) { view.value.content },
                             inputs: inputs) { children in
            .overlay(alignment: alignment.value, children: children)
        }
    }
}

/// The names of a container's nodes, made once per kind of container rather than per node.
struct ContainerNames {
    let parameters: String
    let content: String
    let layout: String
    let layoutVersion: String
    let placement: String
    let displayList: String

    /// The names of the nodes of a container named `base` (`"VStack"`, or the type of an implicit
    /// stack's content).
    init(_ base: String) {
        parameters = base + ".parameters"
        content = base + ".content"
        layout = base + ".layout"
        layoutVersion = base + ".layout.version"
        placement = base + ".placement"
        displayList = base + ".displayList"
    }

    static let hStack = ContainerNames("HStack")
    static let vStack = ContainerNames("VStack")
    static let zStack = ContainerNames("ZStack")
}

/// The alignment and spacing of a stack (a node of its own, so that a new content value with the
/// same parameters does not re-run the stack's layout).
struct StackParameters: Hashable {
    var alignment: Alignment
    var spacing: Double
}

/// What makes a container a stack: its axis, spacing and alignment.
struct StackShape {
    var axis: Axis
    var spacing: Double
    var alignment: Alignment

    /// The stack's layout computer over `children`.
    func layout(_ children: [LayoutComputer]) -> LayoutComputer {
        .stack(axis: axis, spacing: spacing, alignment: alignment, children: children)
    }
}

/// Makes the nodes of a container over the elements of `content`:
/// - an elements node (the content's view list),
/// - a layout computer combining the elements' layout computers with `layout` (read through the
///   elements' ``ElementLayoutWatch`` when the content is dynamic),
/// - a placement node giving each element's frame from the container's geometry,
/// - a display list combining the elements' display lists (many inputs, one value; for a list,
///   through a ``DisplayListTree`` that places the elements, which draw in their own coordinates:
///   ``ListPlacement``).
///
/// A container whose content has a `ForEach` (a list) is recorded in the host's ``UpdateOrder``,
/// so that a sliced update can bring its elements up to date one by one before it.
func makeContainer<Content: View>(
    names: ContainerNames,
    content: Rule<Content>,
    inputs: ViewInputs,
    stack: (() -> StackShape)? = nil,
    layout: @escaping ([LayoutComputer]) -> LayoutComputer
) -> ViewOutputs {
    let graph = inputs.graph
    let source = PlacementSource()
    var elementInputs = inputs
    elementInputs.depth += 1
    let forEachCount = inputs.context.forEachCount
    let dynamicContentCount = inputs.context.dynamicContentCount
    let elements = Content.makeViewList(content, inputs: ViewListInputs(base: elementInputs, placement: source, elementID: .root))
    let isList = inputs.context.forEachCount > forEachCount
    // A container of dynamic content (a list, a conditional, whose elements can be many) watches
    // its elements' layouts (``makeWatchingLayout``).
    let watchesElementLayouts = inputs.context.dynamicContentCount > dynamicContentCount
    // Only the container's own content counts: a container that holds a list is not one.
    inputs.context.forEachCount = forEachCount
    inputs.context.dynamicContentCount = dynamicContentCount
    let layoutComputer = watchesElementLayouts
        ? makeWatchingLayout(graph: graph, names: names, elements: elements, stack: stack, layout: layout)
        : graph.rule(name: names.layout) { layout(elements.value.map { $0.outputs.layout.value }) }
    let geometry = inputs.geometry
    source.placement = graph.rule(name: names.placement) {
        Placement(elements: elements.value, frames: layoutComputer.value.placeChildren(in: geometry.value))
    }
    // A list draws its rows in their own coordinates and combines their lists through a tree of
    // nodes that places them, so that one row's change re-runs a few nodes of a few children each
    // (``DisplayListTree``), and rows that only move are not evaluated (``ListPlacement``).
    let displayList: Rule<DisplayList>
    if isList {
        let tree = DisplayListTree(graph: graph, elements: elements, name: names.displayList)
        source.layout = layoutComputer
        source.geometry = geometry
        let placement = ListPlacement(context: inputs.context, source: source, scope: inputs.animationScope, tree: tree)
        displayList = graph.rule(name: names.displayList) {
            placement.start()
            return tree.displayList()
        }
    } else {
        let lists = DisplayList.ContainerLists()
        displayList = graph.rule(name: names.displayList) {
            lists.list { children in
                // By index: a loop over the elements would copy each (retaining its fields).
                let current = elements.value
                for index in current.indices { children.append(current[index].outputs.displayList.value) }
            }
        }
    }
    if isList {
        inputs.context.updateOrder.record(depth: inputs.depth, isNested: inputs.isInListRow, elements: elements,
                                          layout: layoutComputer, displayList: displayList)
    }
    return ViewOutputs(layout: layoutComputer, displayList: displayList)
}

/// A list-making view (tuple, `ForEach`, conditional) used where one view is expected: its
/// elements are laid out in an implicit vertical stack, as SwiftUI does at the root.
func makeImplicitStack<Content: View>(_ view: Rule<Content>, inputs: ViewInputs) -> ViewOutputs {
    let stack = StackShape(axis: .vertical, spacing: 8, alignment: .center)
    return makeContainer(names: ContainerNames(inputs.context.typeNames.name(of: Content.self)), content: view, inputs: inputs, stack: { stack }) { children in
        stack.layout(children)
    }
}
