/// The layout computer of a list (a container of dynamic content, such as a `ForEach`) that stacks
/// its elements: a stack whose children's sizes are remembered between layouts.
///
/// Why: a stack sizes every child for every proposal, two or three times per layout (its
/// flexibility, then its share), so a list of `n` rows costs `n` row layouts each time the list is
/// sized or placed, although one row changed. A child that is *rigid* along the stack's axis (see
/// ``LayoutComputer/isRigid(along:)``) has the same size for every offer along the axis, so its size
/// is measured once per proposal across the axis and kept with the child's value
/// (``ChildLayoutMemo``), for as long as that value does not change (``ElementLayoutWatch`` keeps
/// it by the stamp of the element's layout node, ``Constraints/Rule/valueChangedAt``). Sizing the
/// list then costs a lookup per rigid row, and exactly the sizes a plain stack would compute.
public final class ListLayout: Hashable, @unchecked Sendable {
    /// The stack's axis.
    public let axis: Axis
    /// The space between children.
    public let spacing: Double
    /// How children are aligned across the axis.
    public let alignment: Alignment
    /// The children's layout computers, in order.
    public let children: [LayoutComputer]
    /// What is remembered of each child's value.
    let memos: [ChildLayoutMemo]

    init(axis: Axis, spacing: Double, alignment: Alignment, children: [LayoutComputer], memos: [ChildLayoutMemo]) {
        precondition(children.count == memos.count, "one memo per child")
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.children = children
        self.memos = memos
    }

    /// Equal when the stacks are: same axis, spacing, alignment and children. A child whose memo
    /// is shared is the same value and is not compared.
    public static func == (lhs: ListLayout, rhs: ListLayout) -> Bool {
        if lhs === rhs { return true }
        guard lhs.axis == rhs.axis, lhs.spacing == rhs.spacing, lhs.alignment == rhs.alignment,
              lhs.children.count == rhs.children.count else { return false }
        for index in lhs.children.indices where lhs.memos[index] !== rhs.memos[index] {
            if lhs.children[index] != rhs.children[index] { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(axis)
        hasher.combine(spacing)
        hasher.combine(alignment)
        hasher.combine(children)
    }

    /// The stack layout of the list, sizing its rigid children from their memos.
    var stack: StackLayout {
        StackLayout(axis: axis, spacing: spacing, children: children, memos: memos)
    }
}

/// What is remembered of one value of a child's layout computer: whether it is rigid along the
/// list's axis, and its size for the last proposal across it.
///
/// Belongs to one value: a child whose value changes gets a new memo. Read and written under the
/// graph's update lock, by the layout of the list that holds it.
final class ChildLayoutMemo: @unchecked Sendable {
    /// The value remembered.
    let value: LayoutComputer
    private var rigidity: (axis: Axis, isRigid: Bool)?
    private var size: (across: Double?, size: Size)?

    init(value: LayoutComputer) { self.value = value }

    /// Whether the value's size along `axis` ignores the offer along it.
    func isRigid(along axis: Axis) -> Bool {
        if let rigidity, rigidity.axis == axis { return rigidity.isRigid }
        let isRigid = value.isRigid(along: axis)
        rigidity = (axis, isRigid)
        return isRigid
    }

    /// The size of a rigid value for a proposal whose component across the axis is `across`.
    func rigidSize(across: Double?, proposal: ProposedSize) -> Size {
        if let size, size.across == across { return size.size }
        let measured = value.sizeThatFits(proposal)
        size = (across, measured)
        return measured
    }
}
