import Constraints

/// A fixed sequence of views. In a container, each child is one element (or several, if it is
/// itself a list such as a `ForEach`).
///
/// The views are kept in a shared, immutable ``TupleStorage``, so that copying a tuple view (as
/// reading its node or copying a stack that contains it does) retains one reference rather than
/// copying every view, which for a tuple of a parameter pack looks up the tuple's metadata.
public struct TupleView<each Content: View>: View {
    public typealias Body = Never
    private let storage: TupleStorage<repeat each Content>

    /// The views, in order.
    public var value: (repeat each Content) { storage.value }

    public init(_ value: repeat each Content) { storage = TupleStorage(repeat each value) }

    public static func makeView(_ view: Rule<TupleView>, inputs: ViewInputs) -> ViewOutputs {
        makeImplicitStack(view, inputs: inputs)
    }

    /// One node of the elements of every child in order. A child that is one element (a single
    /// view's, ``ViewListOutputs/Elements/one(_:view:)``) is held by that node: it never changes,
    /// and needs no node of its own.
    public static func makeViewList(_ view: Rule<TupleView>, inputs: ViewListInputs) -> ViewListOutputs {
        var layout = TupleLayout(of: TupleStorage<repeat each Content>.self)
        var childCount = 0
        repeat childCount += TupleChildren.one((each Content).self)
        var children = TupleChildren(capacity: childCount)
        repeat children.append(makeChildElements((each Content).self, position: children.elements.count,
                                                 offset: layout.place((each Content).self), of: view, inputs: inputs))
        assert(layout.placedSize == MemoryLayout<(repeat each Content)>.size, "TupleLayout does not follow the tuple's layout")
        let elements = children.elements
        let node = inputs.base.graph.rule(name: "TupleView.elements", body: TupleElements(children: elements))
        return ViewListOutputs(node: node, hasForEach: children.hasForEach, isDynamic: children.isDynamic)
    }

    /// The elements of the child at `position`, made from a node that projects that child (which
    /// lies at `offset` in the storage).
    private static func makeChildElements<Child: View>(
        _: Child.Type, position: Int, offset: Int, of view: Rule<TupleView>, inputs: ViewListInputs
    ) -> ViewListOutputs {
        let child = inputs.base.graph.rule(name: inputs.base.context.typeNames.name(of: Child.self)) {
            view.value.storage.element(at: offset, as: Child.self)
        }
        var childInputs = inputs
        childInputs.elementID = inputs.elementID.appending(
            position < tuplePositionIDs.count ? tuplePositionIDs[position] : AnyHashable(position)
        )
        return Child.makeViewList(child, inputs: childInputs)
    }
}

/// What a tuple view's children made, gathered one child at a time.
private struct TupleChildren {
    var elements: [ViewListOutputs.Elements] = []
    var hasForEach = false
    var isDynamic = false

    /// Room for `capacity` children, made at once rather than grown one child at a time.
    init(capacity: Int) {
        elements.reserveCapacity(capacity)
    }

    /// 1, for any child type: counts a tuple's children, one per type of its pack.
    static func one<Child>(_: Child.Type) -> Int { 1 }

    mutating func append(_ child: ViewListOutputs) {
        elements.append(child.elements)
        hasForEach = hasForEach || child.hasForEach
        isDynamic = isDynamic || child.isDynamic
    }
}

/// The ids of a tuple view's first positions, made once: making an `AnyHashable` of an `Int`
/// looks for a custom representation with a dynamic cast. (Immutable `Int`s, though `AnyHashable`
/// is not `Sendable`.)
nonisolated(unsafe) private let tuplePositionIDs = (0 ..< 16).map { AnyHashable($0) }

/// `TupleView.elements`: every child's elements in order, as a stored body (``RuleBody``): every
/// row with a stack has one.
struct TupleElements: RuleBody {
    let children: [ViewListOutputs.Elements]

    var value: [ViewElement] {
        // Most children are single views: one element each, so one allocation holds them all.
        var all: [ViewElement] = []
        all.reserveCapacity(children.count)
        for child in children {
            switch child {
            case .one(let element, _): all.append(element)
            case .node(let node): all.append(contentsOf: node.value)
            }
        }
        return all
    }
}
