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
/// tuple's metadata, about 500 instructions each (views-bench build, callgrind).
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
        let offsets = TupleStorage<repeat each Content>.elementOffsets
        var lists: [Rule<[ViewElement]>] = []
        repeat lists.append(makeChildList((each Content).self, position: lists.count, offset: offsets[lists.count],
                                          of: view, inputs: inputs))
        return inputs.base.graph.rule(name: "TupleView.elements") { lists.flatMap { $0.value } }
    }

    /// The list of the child at `position`, made from a node that projects that child (which lies
    /// at `offset` in the storage).
    private static func makeChildList<Child: View>(
        _: Child.Type, position: Int, offset: Int, of view: Rule<TupleView>, inputs: ViewListInputs
    ) -> Rule<[ViewElement]> {
        let child = inputs.base.graph.rule(name: TypeName.of(Child.self)) {
            view.value.storage.element(at: offset, as: Child.self)
        }
        var childInputs = inputs
        childInputs.elementID = inputs.elementID.appending(position)
        return Child.makeViewList(child, inputs: childInputs)
    }
}

/// The views of a ``TupleView``, shared by its copies.
///
/// A child's node copies its view alone, from where it lies in the object (``elementOffsets``):
/// finding it by walking the tuple copied the tuple and cast each view, about 3,000 instructions.
final class TupleStorage<each Element> {
    let value: (repeat each Element)

    init(_ value: repeat each Element) { self.value = (repeat each value) }

    /// Where each element lies in a storage object, in bytes from the object's start. Swift lays
    /// out a class's first stored property behind the two-word object header, aligned for its type
    /// (a tuple's alignment is that of its most aligned element), and a tuple's elements in order,
    /// each at the next offset aligned for its type.
    static var elementOffsets: [Int] {
        var alignments: [Int] = []
        repeat alignments.append(MemoryLayout<each Element>.alignment)
        let start = aligned(2 * MemoryLayout<Int>.size, alignments.max() ?? 1)
        var offsets: [Int] = []
        var end = start
        repeat offsets.append(place(MemoryLayout<each Element>.self, after: &end))
        assert(end - start == MemoryLayout<(repeat each Element)>.size, "TupleStorage: a tuple's layout is not the one assumed")
        return offsets
    }

    /// The element at `offset` (one of ``elementOffsets``), which is of type `Child`.
    func element<Child>(at offset: Int, as _: Child.Type) -> Child {
        (UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) + offset).assumingMemoryBound(to: Child.self).pointee
    }

    /// The offset of a `T` placed after `end`, which becomes the end of that `T`.
    private static func place<T>(_: MemoryLayout<T>.Type, after end: inout Int) -> Int {
        let offset = aligned(end, MemoryLayout<T>.alignment)
        end = offset + MemoryLayout<T>.size
        return offset
    }

    private static func aligned(_ offset: Int, _ alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }
}

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
                let content = graph.rule(name: TypeName.of(First.self)) { () -> First in
                    if case .first(let value) = view.value { last = value }
                    return last!
                }
                return First.makeViewList(content, inputs: branchInputs)
            }
            var last: Second?
            let content = graph.rule(name: TypeName.of(Second.self)) { () -> Second in
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
            let content = branchInputs.base.graph.rule(name: TypeName.of(Wrapped.self)) { () -> Wrapped in
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
