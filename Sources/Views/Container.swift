import Constraints

/// Makes the nodes of a container over the elements of `content`:
/// - an elements node (the content's view list),
/// - a layout computer combining the elements' layout computers as `arrangement` says (read
///   through the elements' ``ElementLayoutWatch`` when the content is dynamic),
/// - a placement node giving each element's frame from the container's geometry,
/// - a display list combining the elements' display lists (many inputs, one value; for a list,
///   through a ``DisplayListTree`` that places the elements, which draw in their own coordinates:
///   ``ListRowPlacer``).
///
/// A container whose content has a `ForEach` (a list) is recorded in the host's ``SlicedUpdateOrder``,
/// so that a sliced update can bring its elements up to date one by one before it.
func makeContainer<Content: View>(
    names: ContainerNames,
    content: Rule<Content>,
    inputs: ViewInputs,
    arrangement: ContainerArrangement
) -> ViewOutputs {
    let graph = inputs.graph
    let container = ParentContainer()
    var elementInputs = inputs
    elementInputs.depth += 1
    let list = Content.makeViewList(content, inputs: ViewListInputs(base: elementInputs, container: container, elementID: .root))
    let elements = list.node(in: inputs.context)
    // A container of a `ForEach` is a list; one of dynamic content (a list, a conditional, whose
    // elements can be many) watches its elements' layouts (``makeWatchingLayout``). Only the
    // container's own content counts: a container that holds a list is not one.
    let isList = list.hasForEach
    let watchesElementLayouts = list.isDynamic
    let layoutComputer = watchesElementLayouts
        ? makeWatchingLayout(graph: graph, names: names, elements: elements, arrangement: arrangement)
        : graph.rule(name: names.layout, body: ContainerLayout(elements: elements, arrangement: arrangement))
    let geometry = inputs.geometry
    container.placement = graph.rule(name: names.placement, body: PlacedElements(elements: elements, layout: layoutComputer, geometry: geometry))
    // A list draws its rows in their own coordinates and combines their lists through a tree of
    // nodes that places them, so that one row's change re-runs a few nodes of a few children each
    // (``DisplayListTree``), and rows that only move are not evaluated (``ListRowPlacer``).
    let displayList: Rule<DisplayList>
    if isList {
        let tree = DisplayListTree(graph: graph, elements: elements, name: names.displayList)
        container.layout = layoutComputer
        container.geometry = geometry
        let placer = ListRowPlacer(context: inputs.context, container: container, scope: inputs.animationScope, tree: tree)
        displayList = graph.rule(name: names.displayList) {
            placer.start()
            return tree.displayList()
        }
    } else {
        displayList = graph.rule(name: names.displayList, body: ContainerDisplayList(elements: elements, lists: DisplayList.ContainerListMaker()))
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
    makeContainer(names: ContainerNames(inputs.context.typeNames.name(of: Content.self)), content: view, inputs: inputs,
                  arrangement: .fixedStack(StackShape(axis: .vertical, spacing: 8, alignment: .center)))
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

// A container's own rules, as stored bodies (``RuleBody``): every row of a list has a stack (see
// "Rules as stored bodies" in `Docs/Views.md`).

/// A container's layout computer: its arrangement over its elements' layout computers.
struct ContainerLayout: RuleBody {
    let elements: Rule<[ViewElement]>
    let arrangement: ContainerArrangement

    var value: LayoutComputer { arrangement.layout(elements.value.map { $0.outputs.layout.value }) }
}

/// A container's placement: its elements' frames within its geometry.
struct PlacedElements: RuleBody {
    let elements: Rule<[ViewElement]>
    let layout: Rule<LayoutComputer>
    let geometry: Rule<Rect>

    var value: ContainerPlacement { ContainerPlacement(elements: elements.value, layout: layout.value, in: geometry.value) }
}

/// The display list of a container that is not a list: its elements' lists, combined.
struct ContainerDisplayList: RuleBody {
    let elements: Rule<[ViewElement]>
    let lists: DisplayList.ContainerListMaker

    var value: DisplayList {
        lists.list { children in
            // By index: a loop over the elements would copy each (retaining its fields).
            let current = elements.value
            for index in current.indices { children.append(current[index].outputs.displayList.value) }
        }
    }
}
