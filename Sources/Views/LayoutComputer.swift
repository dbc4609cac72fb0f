/// The value of a layout-computer node: everything needed to size a view for a proposal and to
/// place its children.
///
/// As in SwiftUI, there is one layout-computer node per leaf and per container; a container's value
/// holds its children's values, so a child whose size cannot change leaves its parent's value
/// unchanged and the equality cutoff stops the change there.
public indirect enum LayoutComputer: Hashable, Sendable {
    /// A view with a fixed size whatever the proposal (text).
    case fixed(Size)
    /// A view that takes whatever it is proposed, or `ideal` when the proposal leaves it free
    /// (colors, shapes).
    case flexible(ideal: Size)
    /// Empty space that grows along a stack's axis, at least `minLength` long.
    case spacer(minLength: Double)
    /// A horizontal or vertical stack.
    case stack(axis: Axis, spacing: Double, alignment: Alignment, children: [LayoutComputer])
    /// Children laid on top of each other.
    case overlay(alignment: Alignment, children: [LayoutComputer])
    /// A frame of fixed width and/or height around one child.
    case frame(width: Double?, height: Double?, alignment: Alignment, child: LayoutComputer)
    /// Padding around one child.
    case padding(EdgeInsets, child: LayoutComputer)
    /// A stack over a list's elements, whose children's sizes are remembered between layouts.
    case list(ListLayout)

    /// The size the view chooses for `proposal`.
    public func sizeThatFits(_ proposal: ProposedSize) -> Size {
        switch self {
        case .fixed(let size):
            return size
        case .flexible(let ideal):
            return Size(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
        case .spacer(let minLength):
            // A spacer outside a stack is flexible on both axes.
            return Size(width: max(proposal.width ?? minLength, minLength), height: max(proposal.height ?? minLength, minLength))
        case .stack(let axis, let spacing, _, let children):
            return StackLayout(axis: axis, spacing: spacing, children: children).size(for: proposal)
        case .list(let list):
            return list.sizeThatFits(proposal)
        case .overlay(_, let children):
            let sizes = children.map { $0.sizeThatFits(proposal) }
            return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        case .frame(let width, let height, _, let child):
            let childSize = child.sizeThatFits(ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height))
            return Size(width: width ?? childSize.width, height: height ?? childSize.height)
        case .padding(let insets, let child):
            let inner = ProposedSize(
                width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) }
            )
            let childSize = child.sizeThatFits(inner)
            return Size(width: childSize.width + insets.leading + insets.trailing,
                        height: childSize.height + insets.top + insets.bottom)
        }
    }

    /// The frames of the children when the view occupies `rect` (empty for leaves).
    public func placeChildren(in rect: Rect) -> [Rect] {
        switch self {
        case .fixed, .flexible, .spacer:
            return []
        case .stack(let axis, let spacing, let alignment, let children):
            return StackLayout(axis: axis, spacing: spacing, children: children).place(in: rect, alignment: alignment)
        case .list(let list):
            return list.stack(for: ProposedSize(rect.size)).place(in: rect, alignment: list.alignment)
        case .overlay(let alignment, let children):
            return children.map { alignment.place($0.sizeThatFits(ProposedSize(rect.size)), in: rect) }
        case .frame(_, _, let alignment, let child):
            return [alignment.place(child.sizeThatFits(ProposedSize(rect.size)), in: rect)]
        case .padding(let insets, let child):
            let inner = Rect(
                x: rect.minX + insets.leading, y: rect.minY + insets.top,
                width: max(0, rect.width - insets.leading - insets.trailing),
                height: max(0, rect.height - insets.top - insets.bottom)
            )
            return [Alignment.center.place(child.sizeThatFits(ProposedSize(inner.size)), in: inner)]
        }
    }
}

extension LayoutComputer {
    /// Whether the view's size is the same for every offer along `axis`: its length along the axis
    /// is fixed, and its size across the axis depends only on the offer across it (as every size
    /// here does: a size's width depends on the proposed width only, its height on the proposed
    /// height only). Decided from the value's shape, so it holds for every offer, not only those
    /// tried: text; a frame fixing that dimension; a stack along the axis of such children, or
    /// across it of such children and spacers (which take no room across); an overlay, a frame or
    /// padding of such children.
    func isRigid(along axis: Axis) -> Bool {
        switch self {
        case .fixed:
            return true
        case .flexible, .spacer:
            return false
        case .stack(let stackAxis, _, _, let children):
            return children.allSatisfy { child in
                if case .spacer = child { return stackAxis != axis }
                return child.isRigid(along: axis)
            }
        case .list(let list):
            return LayoutComputer.stack(axis: list.axis, spacing: list.spacing, alignment: list.alignment, children: list.children).isRigid(along: axis)
        case .overlay(_, let children):
            return children.allSatisfy { $0.isRigid(along: axis) }
        case .frame(let width, let height, _, let child):
            return (axis == .horizontal ? width : height) != nil || child.isRigid(along: axis)
        case .padding(_, let child):
            return child.isRigid(along: axis)
        }
    }
}

/// SwiftUI's stack algorithm: the space left after spacing is offered to the children from the
/// least to the most flexible, each getting an equal share of what remains.
struct StackLayout {
    let axis: Axis
    let spacing: Double
    let children: [LayoutComputer]
    /// What is remembered of each child (a list's, ``ListLayout``): whether it is rigid, so that
    /// its flexibility is known to be 0.
    var memos: [ChildLayoutMemo]? = nil
    /// The size of every child, when all of them are rigid (a list's, ``ListLayout``): each is its
    /// size for any offer, so the stack's offers need not be made.
    var rigidSizes: [Size]? = nil

    /// How many children the stack has.
    private var childCount: Int { rigidSizes?.count ?? children.count }

    /// Whether the child at `index` is rigid along the axis, as its memo says (no memo: not known).
    private func isKnownRigid(_ index: Int) -> Bool {
        memos?[index].isRigid(along: axis) ?? false
    }

    private func along(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    private func across(_ size: Size) -> Double { axis == .horizontal ? size.height : size.width }

    private func proposal(along length: Double?, across: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: length, height: across) : ProposedSize(width: across, height: length)
    }

    /// The size of each child, for a proposal.
    func childSizes(for proposal: ProposedSize) -> [Size] {
        var sizes: [Size] = []
        sizes.reserveCapacity(childCount)
        forEachChildSize(for: proposal) { sizes.append($0) }
        return sizes
    }

    /// Calls `body` with the size of each child for a proposal, in the children's order, without
    /// collecting them (a stack's own size needs only their sum and maximum).
    private func forEachChildSize(for proposal: ProposedSize, _ body: (Size) -> Void) {
        if let rigidSizes {
            // Every child rigid: none is flexible, so the offers go in order and each child takes
            // its size whatever it is offered.
            for size in rigidSizes { body(size) }
            return
        }
        let proposedAlong = axis == .horizontal ? proposal.width : proposal.height
        let proposedAcross = axis == .horizontal ? proposal.height : proposal.width
        let totalSpacing = spacing * Double(max(0, children.count - 1))
        guard let available = proposedAlong else {
            // Ideal size: every child at its ideal size (spacers at their minimum).
            for child in children {
                if case .spacer(let minLength) = child {
                    body(axis == .horizontal ? Size(width: minLength, height: 0) : Size(width: 0, height: minLength))
                } else {
                    body(child.sizeThatFits(self.proposal(along: nil, across: proposedAcross)))
                }
            }
            return
        }
        guard !children.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: children.count) { flexibility in
            // Flexibility = how much a child's length can vary between a zero and an unbounded offer.
            var ordered = true
            for (index, child) in children.enumerated() {
                let value: Double
                if case .spacer = child {
                    value = .infinity
                } else if isKnownRigid(index) {
                    value = 0
                } else {
                    let smallest = along(child.sizeThatFits(self.proposal(along: 0, across: proposedAcross)))
                    let largest = along(child.sizeThatFits(self.proposal(along: .infinity, across: proposedAcross)))
                    value = largest - smallest
                }
                if index > 0 && value < flexibility[index - 1] { ordered = false }
                flexibility.initializeElement(at: index, to: value)
            }
            var remaining = max(0, available - totalSpacing)
            func offer(position: Int, to index: Int) -> Size {
                let share = remaining / Double(children.count - position)
                let child = children[index]
                let size: Size
                if case .spacer(let minLength) = child {
                    let length = max(share, minLength)
                    size = axis == .horizontal ? Size(width: length, height: 0) : Size(width: 0, height: length)
                } else {
                    size = child.sizeThatFits(self.proposal(along: share, across: proposedAcross))
                }
                remaining = max(0, remaining - along(size))
                return size
            }
            if ordered {
                // Already from the least to the most flexible (a list of alike rows): no sort.
                for index in children.indices { body(offer(position: index, to: index)) }
            } else {
                withUnsafeTemporaryAllocation(of: Int.self, capacity: children.count) { (buffer: UnsafeMutableBufferPointer<Int>) in
                    var order = buffer
                    for index in children.indices { order.initializeElement(at: index, to: index) }
                    order.sort { (left: Int, right: Int) -> Bool in
                        let l = flexibility[left], r = flexibility[right]
                        return l < r || (l == r && left < right)
                    }
                    withUnsafeTemporaryAllocation(of: Size.self, capacity: children.count) { (sizes: UnsafeMutableBufferPointer<Size>) in
                        for position in order.indices {
                            sizes.initializeElement(at: order[position], to: offer(position: position, to: order[position]))
                        }
                        for size in sizes { body(size) }
                    }
                }
            }
        }
    }

    func size(for proposal: ProposedSize) -> Size {
        var length = 0.0
        var largest: Double?
        forEachChildSize(for: proposal) { size in
            length += along(size)
            if let current = largest, !(current < across(size)) { return }
            largest = across(size)
        }
        length += spacing * Double(max(0, childCount - 1))
        let thickness = largest ?? 0
        return axis == .horizontal ? Size(width: length, height: thickness) : Size(width: thickness, height: length)
    }

    func place(in rect: Rect, alignment: Alignment) -> [Rect] {
        let sizes = childSizes(for: ProposedSize(rect.size))
        var cursor = axis == .horizontal ? rect.minX : rect.minY
        return sizes.map { size in
            defer { cursor += along(size) + spacing }
            if axis == .horizontal {
                let y = rect.minY + (rect.height - size.height) * alignment.vertical
                return Rect(x: cursor, y: y, width: size.width, height: size.height)
            } else {
                let x = rect.minX + (rect.width - size.width) * alignment.horizontal
                return Rect(x: x, y: cursor, width: size.width, height: size.height)
            }
        }
    }
}
