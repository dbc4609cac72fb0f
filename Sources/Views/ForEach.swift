import Constraints

/// A view per element of a collection, identified by id: a dynamic container.
///
/// Each item gets a subgraph of its own. When the data changes, items with new ids are made,
/// items whose id is gone are destroyed — after their transition, when the change is animated —
/// and items whose id stays keep their nodes and state.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public typealias Body = Never
    let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    /// Views for `data`, identified by the element's `id` key path.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    public static func makeView(_ view: Rule<ForEach>, inputs: ViewInputs) -> ViewOutputs {
        makeImplicitStack(view, inputs: inputs)
    }

    public static func makeViewList(_ view: Rule<ForEach>, inputs: ViewListInputs) -> ViewListOutputs {
        ViewListOutputs(node: ForEachContainer(view: view, inputs: inputs).elements, hasForEach: true, isDynamic: true)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Views for identifiable `data`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a range of integers.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

/// The current ids of a `ForEach`, in order, and the element for each.
struct ForEachIndex<ID: Hashable, Element> {
    var order: [ID] = []
    var elements: [ID: Element] = [:]
}

/// The nodes and bookkeeping of one `ForEach`.
final class ForEachContainer<Data: RandomAccessCollection, ID: Hashable, Content: View>: @unchecked Sendable {
    typealias Index = ForEachIndex<ID, Data.Element>

    /// One item: its subgraph, its elements (with transitions applied) and its presence (1 while
    /// in the data, animating to 0 after removal).
    private struct Item {
        let subgraph: Subgraph
        let elements: Rule<[ViewElement]>
        let presence: Rule<Double>
        let presenceAnimator: Animator<Double>
    }

    private let view: Rule<ForEach<Data, ID, Content>>
    private let inputs: ViewListInputs
    private let owner: Subgraph?
    private var index: Rule<Index>!
    private(set) var elements: Rule<[ViewElement]>!
    private var items: [ID: Item] = [:]
    /// Current item order, including items still running a removal transition.
    private var order: [ID] = []
    private var isBuilt = false

    init(view: Rule<ForEach<Data, ID, Content>>, inputs: ViewListInputs) {
        self.view = view
        self.inputs = inputs
        let graph = inputs.base.graph
        let context = inputs.base.context
        context.hasDynamicContainer = true
        owner = graph.currentSubgraph
        index = graph.rule(name: "ForEach.data") {
            let value = view.value
            // Sized up front and filled with `updateValue(_:forKey:)`, here and for `items`: the
            // dictionaries' code is not specialised for a ForEach's generic types, in which
            // growing rehashed every element at each doubling, and the subscript's setter wraps the
            // new value in an `Optional`, whose metadata it looks up (`Docs/Performance.md`).
            var index = Index()
            index.order.reserveCapacity(value.data.count)
            index.elements.reserveCapacity(value.data.count)
            for element in value.data {
                let id = element[keyPath: value.id]
                if index.elements[id] != nil {
                    context.report(.duplicateID("\(id)"))
                    continue
                }
                index.order.append(id)
                index.elements.updateValue(element, forKey: id)
            }
            return index
        }
        // The rule keeps the container alive; the graph drops the closure when the subgraph goes.
        elements = graph.rule(name: "ForEach.elements") { self.update() }
    }

    /// Reconciles items with the data and returns the elements of all items in order.
    private func update() -> [ViewElement] {
        let current = index.value
        items.reserveCapacity(current.order.count)  // See the index's rule in `init`.
        for id in current.order where items[id] == nil { items.updateValue(makeItem(id), forKey: id) }
        var kept: [ID] = []
        for id in order where current.elements[id] == nil {
            guard let item = items[id] else { continue }
            _ = item.presence.value
            if item.presenceAnimator.isAnimating {
                kept.append(id)
            } else {
                item.subgraph.destroy()
                items[id] = nil
            }
        }
        order = merge(current.order, keeping: kept)
        isBuilt = true
        return order.flatMap { items[$0]!.elements.value }
    }

    /// `current` with the ids still leaving put back after the id that preceded them before.
    private func merge(_ current: [ID], keeping leaving: [ID]) -> [ID] {
        guard !leaving.isEmpty else { return current }
        var result = current
        for id in leaving {
            let previous = order.firstIndex(of: id).flatMap { $0 > 0 ? order[$0 - 1] : nil }
            let position = previous.flatMap { result.firstIndex(of: $0).map { $0 + 1 } } ?? 0
            result.insert(id, at: min(position, result.count))
        }
        return result
    }

    private func makeItem(_ id: ID) -> Item {
        let graph = inputs.base.graph
        let context = inputs.base.context
        let subgraph = graph.withCurrentSubgraph(owner) { graph.makeSubgraph(name: "ForEach item \(id)") }
        return subgraph.withCurrent {
            let index = self.index!
            let view = self.view
            var last: Data.Element?
            let itemView = graph.rule(name: context.typeNames.name(of: Content.self)) { () -> Content in
                if let element = index.value.elements[id] { last = element }
                return view.value.content(last!)
            }
            // Items made after the first build fade (or slide…) in when the change is animated.
            let animator = Animator<Double>(context: context, scope: inputs.base.animationScope, initial: isBuilt ? 0 : nil)
            let presence = graph.rule(name: "ForEach.presence") {
                animator.present(index.value.elements[id] == nil ? 0 : 1)
            }
            let sink = TransitionSink()
            var itemInputs = inputs
            itemInputs.elementID = inputs.elementID.appending(AnyHashable(id))
            itemInputs.base.transitionSink = sink
            itemInputs.base.isInListRow = true
            let list = Content.makeViewList(itemView, inputs: itemInputs).node(in: context)
            var wrapped: [ElementID: ViewElement] = [:]
            // The wrappers are made in the item's subgraph, whichever is current when this runs,
            // so that they go with the item: a wrapper left behind would read the destroyed
            // presence if anything pulled it (a sliced update's list of rows).
            let elements = graph.rule(name: "ForEach.item") { [unowned graph] () -> [ViewElement] in
                list.value.map { element in
                    if let existing = wrapped[element.id] { return existing }
                    let made = graph.withCurrentSubgraph(subgraph.isDestroyed ? graph.currentSubgraph : subgraph) {
                        Self.applyingTransition(to: element, presence: presence, sink: sink, graph: graph) {
                            index.value.elements[id] == nil
                        }
                    }
                    wrapped[element.id] = made
                    return made
                }
            }
            return Item(subgraph: subgraph, elements: elements, presence: presence, presenceAnimator: animator)
        }
    }

    /// The element with a display list that applies the item's transition while it enters or leaves.
    private static func applyingTransition(
        to element: ViewElement, presence: Rule<Double>, sink: TransitionSink, graph: Graph, isLeaving: @escaping () -> Bool
    ) -> ViewElement {
        let list = element.outputs.displayList
        let geometry = element.geometry
        let displayList = graph.rule(name: "ForEach.transition") { () -> DisplayList in
            let progress = presence.value
            guard progress < 1 else { return list.value }
            let transition = sink.transition ?? .opacity
            return transition.apply(to: list.value, progress: progress, frame: geometry.value, removing: isLeaving())
        }
        return ViewElement(id: element.id, outputs: ViewOutputs(layout: element.outputs.layout, displayList: displayList), geometry: geometry,
                           frame: element.frame)
    }
}
