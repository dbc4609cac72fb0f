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
/// sizes in one array, and its next layout takes them for the children whose value did not change
/// (their ``ChildLayoutMemo`` is the same, as ``ElementLayoutWatch`` keeps it by the stamp of the
/// element's layout node, ``Constraints/Rule/valueChangedAt``). Sizing the list then reads that
/// array, and gives exactly the sizes a plain stack would compute.
public final class ListLayout: Hashable, @unchecked Sendable {
    /// The stack's axis.
    public let axis: Axis
    /// The space between children.
    public let spacing: Double
    /// How children are aligned across the axis.
    public let alignment: Alignment
    /// The children's layout computers, in order.
    public var children: [LayoutComputer] { memos.map(\.value) }
    /// What is remembered of each child's value.
    let memos: [ChildLayoutMemo]
    /// The children's sizes when every child is rigid (`nil` otherwise), for the last proposal
    /// across the axis asked: kept in one array, so that sizing and placing the list reads no
    /// memo. Guarded by ``lock``, like ``inherited``: a layout value may be sized on any thread.
    private var rigidSizes: (across: Double?, sizes: [Size]?)?
    private let lock = NSLock()
    /// The memos and rigid sizes of the list's layout before this one, whose sizes this one takes
    /// for the children whose memo it shares; dropped once used.
    private var inherited: (memos: [ChildLayoutMemo], across: Double?, sizes: [Size])?

    /// A list's layout; `previous` is the list's layout before it, if any.
    init(axis: Axis, spacing: Double, alignment: Alignment, memos: [ChildLayoutMemo], previous: ListLayout? = nil) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.memos = memos
        // The previous layout's sizes, or those it inherited if it was never sized (the equality
        // cutoff kept the one before as the list's value).
        if let previous, previous.axis == axis {
            previous.lock.lock()
            defer { previous.lock.unlock() }
            if let (across, sizes) = previous.rigidSizes, let sizes {
                inherited = (previous.memos, across, sizes)
            } else {
                inherited = previous.inherited
            }
        }
    }

    /// Equal when the stacks are: same axis, spacing, alignment and children. A child whose memo
    /// is shared is the same value and is not compared.
    public static func == (lhs: ListLayout, rhs: ListLayout) -> Bool {
        if lhs === rhs { return true }
        guard lhs.axis == rhs.axis, lhs.spacing == rhs.spacing, lhs.alignment == rhs.alignment,
              lhs.memos.count == rhs.memos.count else { return false }
        for index in lhs.memos.indices where lhs.memos[index] !== rhs.memos[index] {
            if lhs.memos[index].value != rhs.memos[index].value { return false }
        }
        return true
    }

    /// Hashes the stack's axis, spacing, alignment and children, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(axis)
        hasher.combine(spacing)
        hasher.combine(alignment)
        hasher.combine(children)
    }

    /// The stack layout of the list for `proposal`, sizing its rigid children from their memos,
    /// or all of them at once when they are all rigid.
    func stack(for proposal: ProposedSize) -> StackLayout {
        let across = axis == .horizontal ? proposal.height : proposal.width
        let sizes = rigidSizes(across: across)
        // With every child's size known, the stack reads no child.
        return StackLayout(axis: axis, spacing: spacing, children: sizes == nil ? children : [], memos: memos, rigidSizes: sizes)
    }

    /// The children's sizes for a proposal whose component across the axis is `across`, when
    /// every child is rigid: each is then its size for any offer along the axis.
    private func rigidSizes(across: Double?) -> [Size]? {
        lock.lock()
        defer { lock.unlock() }
        if let rigidSizes, rigidSizes.across == across { return rigidSizes.sizes }
        let proposal = axis == .horizontal ? ProposedSize(width: nil, height: across) : ProposedSize(width: across, height: nil)
        func size(_ index: Int) -> Size? {
            memos[index].isRigid(along: axis) ? memos[index].value.sizeThatFits(proposal) : nil
        }
        var sizes: [Size]? = []
        if let inherited, inherited.across == across, inherited.memos.count == memos.count {
            sizes = inherited.sizes
            for index in memos.indices where memos[index] !== inherited.memos[index] {
                guard let measured = size(index) else { sizes = nil; break }
                sizes![index] = measured
            }
        } else {
            sizes!.reserveCapacity(memos.count)
            for index in memos.indices {
                guard let measured = size(index) else { sizes = nil; break }
                sizes!.append(measured)
            }
        }
        inherited = nil
        rigidSizes = (across, sizes)
        return sizes
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
