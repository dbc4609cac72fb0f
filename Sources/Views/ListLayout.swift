import Constraints
import Foundation

/// The layout computer of a list (a container of dynamic content, such as a `ForEach`) that stacks
/// its elements: a stack whose children's sizes are remembered between layouts.
///
/// Why: a stack sizes every child for every proposal, two or three times per layout (its
/// flexibility, then its share), so a list of `n` rows costs `n` row layouts each time the list is
/// sized or placed, although one row changed. A child that is *rigid* along the stack's axis (see
/// ``LayoutComputer/isRigid(along:)``) has the same size for every offer along the axis, so its size
/// is measured once per proposal across the axis. When every child is rigid, the list keeps their
/// extents in a ``RowTree`` (``extents(across:)``), and its next layout takes that tree and
/// measures again only the children whose value changed (their ``ChildLayoutMemo`` is not the
/// same, as ``ElementLayoutWatch`` keeps it by the stamp of the element's layout node,
/// ``Constraints/Rule/valueChangedAt``); the memos are a ``RowTree`` too. So a layout after one
/// row's change costs `O(log n)`: the memo and extent trees share every node but the row's path,
/// comparing two layouts visits only the nodes they do not share, and the list's size is the
/// summary of the extent tree.
///
/// The sizes are SwiftUI's stack rules, as ``StackLayout`` computes them; a list of more than
/// ``RowTree/fanOut`` rigid rows sums their lengths node by node rather than row by row, which
/// may round differently in the last bits (far below what is drawn, to 0.01).
public final class ListLayout: Hashable, @unchecked Sendable {
    /// The stack's axis.
    public let axis: Axis
    /// The space between children.
    public let spacing: Double
    /// How children are aligned across the axis.
    public let alignment: Alignment
    /// The children's layout computers, in order.
    public var children: [LayoutComputer] { memos.rows.map(\.value) }
    /// What is remembered of each child's value.
    let memos: RowTree<ChildLayoutMemo, NoRowSummary<ChildLayoutMemo>>
    /// The children's extents when every child is rigid (`nil` otherwise), for the last proposal
    /// across the axis asked. Guarded by ``lock``, like ``inherited``: a layout value may be sized
    /// on any thread.
    private var sized: (across: Double?, extents: RowTree<RowExtent, RowExtentSummary>?)?
    private let lock = NSLock()
    /// The memos and extents of the list's layout before this one, whose extents this one takes
    /// for the children whose memo it shares; dropped once used.
    private var inherited: (memos: RowTree<ChildLayoutMemo, NoRowSummary<ChildLayoutMemo>>, across: Double?, extents: RowTree<RowExtent, RowExtentSummary>)?

    /// A list's layout; `previous` is the list's layout before it, if any.
    convenience init(axis: Axis, spacing: Double, alignment: Alignment, memos: [ChildLayoutMemo], previous: ListLayout? = nil) {
        self.init(axis: axis, spacing: spacing, alignment: alignment, memos: RowTree(memos), previous: previous)
    }

    /// A list's layout; `previous` is the list's layout before it, if any.
    init(axis: Axis, spacing: Double, alignment: Alignment, memos: RowTree<ChildLayoutMemo, NoRowSummary<ChildLayoutMemo>>, previous: ListLayout? = nil) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.memos = memos
        // The previous layout's extents, or those it inherited if it was never sized (the equality
        // cutoff kept the one before as the list's value).
        if let previous, previous.axis == axis {
            previous.lock.lock()
            defer { previous.lock.unlock() }
            if let (across, extents) = previous.sized, let extents {
                inherited = (previous.memos, across, extents)
            } else {
                inherited = previous.inherited
            }
        }
    }

    /// Equal when the stacks are: same axis, spacing, alignment and children. A child whose memo
    /// is shared is the same value and is not compared, nor are the nodes of memos the two share.
    public static func == (lhs: ListLayout, rhs: ListLayout) -> Bool {
        if lhs === rhs { return true }
        guard lhs.axis == rhs.axis, lhs.spacing == rhs.spacing, lhs.alignment == rhs.alignment else { return false }
        return lhs.memos.isSame(as: rhs.memos) { $0 !== $1 && $0.value != $1.value }
    }

    /// Hashes the stack's axis, spacing, alignment and children, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(axis)
        hasher.combine(spacing)
        hasher.combine(alignment)
        hasher.combine(children)
    }

    /// The size of the list for `proposal`: from the extent tree's summary when every child is
    /// rigid (as ``StackLayout/size(for:)`` adds them: the lengths, then the spacing), otherwise
    /// the stack's.
    func sizeThatFits(_ proposal: ProposedSize) -> Size {
        guard let extents = extents(across: across(proposal)) else { return stack(for: proposal).size(for: proposal) }
        let total = extents.summary
        let length = total.length + spacing * Double(max(0, extents.count - 1)), thickness = total.thickness ?? 0
        return axis == .horizontal ? Size(width: length, height: thickness) : Size(width: thickness, height: length)
    }

    /// The stack layout of the list for `proposal`, sizing its rigid children from their memos,
    /// or all of them at once when they are all rigid.
    func stack(for proposal: ProposedSize) -> StackLayout {
        let extents = extents(across: across(proposal))
        // With every child's size known, the stack reads no child.
        let sizes = extents.map { tree in tree.rows.map(size) }
        return StackLayout(axis: axis, spacing: spacing, children: sizes == nil ? children : [], memos: sizes == nil ? memos.rows : nil, rigidSizes: sizes)
    }

    /// The component of `proposal` across the list's axis.
    private func across(_ proposal: ProposedSize) -> Double? {
        axis == .horizontal ? proposal.height : proposal.width
    }

    /// A child's size from its extent.
    func size(_ extent: RowExtent) -> Size {
        axis == .horizontal ? Size(width: extent.length, height: extent.thickness) : Size(width: extent.thickness, height: extent.length)
    }

    /// The children's extents for a proposal whose component across the axis is `across`, when
    /// every child is rigid: each is then its size for any offer along the axis. Taken from the
    /// inherited tree for the children whose memo is shared with it.
    func extents(across: Double?) -> RowTree<RowExtent, RowExtentSummary>? {
        lock.lock()
        defer { lock.unlock() }
        if let sized, sized.across == across { return sized.extents }
        let proposal = axis == .horizontal ? ProposedSize(width: nil, height: across) : ProposedSize(width: across, height: nil)
        func extent(_ memo: ChildLayoutMemo) -> RowExtent? {
            guard memo.isRigid(along: axis) else { return nil }
            let size = memo.value.sizeThatFits(proposal)
            return axis == .horizontal ? RowExtent(length: size.width, thickness: size.height) : RowExtent(length: size.height, thickness: size.width)
        }
        var extents: RowTree<RowExtent, RowExtentSummary>?
        if let inherited, inherited.across == across, inherited.memos.count == memos.count {
            extents = inherited.extents
            for index in memos.changes(from: inherited.memos, differ: { $0 !== $1 }) {
                guard let measured = extent(memos[index]) else { extents = nil; break }
                extents![index] = measured
            }
        } else {
            var all: [RowExtent] = []
            all.reserveCapacity(memos.count)
            var rigid = true
            memos.forEach { _, memo in
                guard rigid, let measured = extent(memo) else { rigid = false; return }
                all.append(measured)
            }
            extents = rigid ? RowTree(all) : nil
        }
        inherited = nil
        sized = (across, extents)
        return extents
    }
}

/// What is remembered of one value of a child's layout computer: whether it is rigid along each
/// axis. Immutable; a child whose value changes gets a new memo.
final class ChildLayoutMemo: Sendable {
    /// The value remembered.
    let value: LayoutComputer
    private let isRigidHorizontally: Bool
    private let isRigidVertically: Bool

    init(value: LayoutComputer) {
        self.value = value
        isRigidHorizontally = value.isRigid(along: .horizontal)
        isRigidVertically = value.isRigid(along: .vertical)
    }

    /// Whether the value's size along `axis` ignores the offer along it.
    func isRigid(along axis: Axis) -> Bool {
        axis == .horizontal ? isRigidHorizontally : isRigidVertically
    }
}
