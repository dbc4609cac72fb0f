import Constraints

/// Builds view content from statements, as SwiftUI's `ViewBuilder` does: sequences become a
/// ``TupleView``, `if`/`else` a ``ConditionalContent``, `if` without `else` an optional view.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> { .first(first) }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> { .second(second) }
}

/// A fixed sequence of views. In a stack, each child is one element (or several, if it is itself
/// a list such as a `ForEach`).
///
/// The views are kept in a shared, immutable ``TupleStorage``, so that copying a tuple view (as
/// reading its node or copying a stack that contains it does) retains one reference: a tuple of a
/// parameter pack stored inline made every copy, destruction and optional test look up the
/// tuple's metadata, about 500 instructions each. Building views-bench's list: 285,829 -> 260,823
/// instructions per row (`build-per-row.sh`, callgrind).
public struct TupleView<each Content: View>: View {
    public typealias Body = Never
    private let storage: TupleStorage<repeat each Content>

    /// The views, in order.
    public var value: (repeat each Content) { storage.value }

    public init(_ value: repeat each Content) { storage = TupleStorage(repeat each value) }

    public static func makeView(_ view: Rule<TupleView>, inputs: ViewInputs) -> ViewOutputs {
        makeImplicitStack(view, inputs: inputs)
    }

    public static func makeViewList(_ view: Rule<TupleView>, inputs: ViewListInputs) -> Rule<[ViewElement]> {
        var layout = TupleLayout(of: TupleStorage<repeat each Content>.self)
        var children: [TupleChildElements] = []
        repeat children.append(makeChildElements((each Content).self, position: children.count, offset: layout.place((each Content).self),
                                                 of: view, inputs: inputs))
        assert(layout.placedSize == MemoryLayout<(repeat each Content)>.size, "TupleLayout does not follow the tuple's layout")
        return inputs.base.graph.rule(name: "TupleView.elements") {
            // Most children are single views: one element each, so one allocation holds them all.
            var elements: [ViewElement] = []
            elements.reserveCapacity(children.count)
            for child in children {
                switch child {
                case .element(let element): elements.append(element)
                case .list(let list): elements.append(contentsOf: list.value)
                }
            }
            return elements
        }
    }

    /// The elements of the child at `position`, made from a node that projects that child (which
    /// lies at `offset` in the storage).
    private static func makeChildElements<Child: View>(
        _: Child.Type, position: Int, offset: Int, of view: Rule<TupleView>, inputs: ViewListInputs
    ) -> TupleChildElements {
        let child = inputs.base.graph.rule(name: inputs.base.context.typeNames.name(of: Child.self)) {
            view.value.storage.element(at: offset, as: Child.self)
        }
        var childInputs = inputs
        childInputs.elementID = inputs.elementID.appending(
            position < tuplePositionIDs.count ? tuplePositionIDs[position] : AnyHashable(position)
        )
        if Child.self is any SingleElementView.Type { return .element(childInputs.makeSingleElement(child)) }
        return .list(Child.makeViewList(child, inputs: childInputs))
    }
}

/// What one child of a tuple view adds to the tuple's elements.
private enum TupleChildElements {
    /// The element of a single view of this module (``SingleElementView``), made without a node
    /// holding a one-element list: such a node has a constant value, which the tuple's own elements
    /// node can hold instead. Views-bench's rows make three nodes fewer this way.
    case element(ViewElement)
    /// The elements a child makes itself (``View/makeViewList(_:inputs:)``), which may change.
    case list(Rule<[ViewElement]>)
}

/// The ids of a tuple view's first positions, made once: making an `AnyHashable` of an `Int`
/// looks for a custom representation with a dynamic cast, about 700 instructions. (Immutable
/// `Int`s, though `AnyHashable` is not `Sendable`.)
nonisolated(unsafe) private let tuplePositionIDs = (0 ..< 16).map { AnyHashable($0) }

/// The content of an `if`/`else`: one of two views. A dynamic container: switching branches
/// destroys the old branch's subgraph and makes the new one's.
public enum ConditionalContent<First: View, Second: View>: View {
    public typealias Body = Never
    case first(First)
    case second(Second)

    public static func makeView(_ view: Rule<ConditionalContent>, inputs: ViewInputs) -> ViewOutputs {
        makeImplicitStack(view, inputs: inputs)
    }

    public static func makeViewList(_ view: Rule<ConditionalContent>, inputs: ViewListInputs) -> Rule<[ViewElement]> {
        let branch = inputs.base.graph.rule(name: "if.branch") { () -> Bool in
            if case .first = view.value { return true }
            return false
        }
        return makeDynamicBranch(name: "if", inputs: inputs, branch: branch) { isFirst, branchInputs in
            let graph = branchInputs.base.graph
            if isFirst {
                var last: First?
                let content = graph.rule(name: branchInputs.base.context.typeNames.name(of: First.self)) { () -> First in
                    if case .first(let value) = view.value { last = value }
                    return last!
                }
                return First.makeViewList(content, inputs: branchInputs)
            }
            var last: Second?
            let content = graph.rule(name: branchInputs.base.context.typeNames.name(of: Second.self)) { () -> Second in
                if case .second(let value) = view.value { last = value }
                return last!
            }
            return Second.makeViewList(content, inputs: branchInputs)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never

    public static func makeView(_ view: Rule<Wrapped?>, inputs: ViewInputs) -> ViewOutputs {
        makeImplicitStack(view, inputs: inputs)
    }

    /// An `if` without `else`: a dynamic container with zero or one element.
    public static func makeViewList(_ view: Rule<Wrapped?>, inputs: ViewListInputs) -> Rule<[ViewElement]> {
        let branch = inputs.base.graph.rule(name: "if.present") { view.value != nil }
        return makeDynamicBranch(name: "if", inputs: inputs, branch: branch) { isPresent, branchInputs in
            guard isPresent else { return branchInputs.base.graph.rule(name: "if.empty") { [] } }
            var last: Wrapped?
            let content = branchInputs.base.graph.rule(name: branchInputs.base.context.typeNames.name(of: Wrapped.self)) { () -> Wrapped in
                if let value = view.value { last = value }
                return last!
            }
            return Wrapped.makeViewList(content, inputs: branchInputs)
        }
    }
}

/// A dynamic container that shows one of several branches: whenever `branch` changes, the old
/// branch's subgraph is destroyed and the new branch is made in a fresh one.
func makeDynamicBranch<Branch: Hashable>(
    name: String,
    inputs: ViewListInputs,
    branch: Rule<Branch>,
    make: @escaping (Branch, ViewListInputs) -> Rule<[ViewElement]>
) -> Rule<[ViewElement]> {
    let graph = inputs.base.graph
    inputs.base.context.hasDynamicContainer = true
    inputs.base.context.dynamicContentCount += 1
    let owner = graph.currentSubgraph
    var current: (branch: Branch, subgraph: Subgraph, elements: Rule<[ViewElement]>)?
    return graph.rule(name: "\(name).elements") { [unowned graph] in
        let selected = branch.value
        if current?.branch != selected {
            current?.subgraph.destroy()
            let subgraph = graph.withCurrentSubgraph(owner) { graph.makeSubgraph(name: "\(name) \(selected)") }
            var branchInputs = inputs
            branchInputs.elementID = inputs.elementID.appending(AnyHashable(selected))
            let elements = subgraph.withCurrent { make(selected, branchInputs) }
            current = (selected, subgraph, elements)
        }
        return current!.elements.value
    }
}
