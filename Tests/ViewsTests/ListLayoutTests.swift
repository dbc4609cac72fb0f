import Reproductions
import Testing
@testable import Views

/// Random layout computers, for the properties a list's layout relies on.
private struct LayoutGenerator {
    var random: SplitMix64

    mutating func number(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &random)) }

    mutating func alignment() -> Alignment {
        [Alignment.center, .leading, .trailing, .top, .bottom, .topLeading].randomElement(using: &random)!
    }

    mutating func layout(depth: Int) -> LayoutComputer {
        let leaf = depth == 0 || Int.random(in: 0 ..< 3, using: &random) == 0
        if leaf {
            switch Int.random(in: 0 ..< 3, using: &random) {
            case 0: return .fixed(Size(width: number(0 ... 60), height: number(0 ... 30)))
            case 1: return .flexible(ideal: Size(width: number(0 ... 40), height: number(0 ... 40)))
            default: return .spacer(minLength: number(0 ... 10))
            }
        }
        switch Int.random(in: 0 ..< 4, using: &random) {
        case 0:
            return .stack(axis: Bool.random(using: &random) ? .horizontal : .vertical, spacing: number(0 ... 8), alignment: alignment(),
                          children: (0 ..< Int.random(in: 0 ... 4, using: &random)).map { _ in layout(depth: depth - 1) })
        case 1:
            return .overlay(alignment: alignment(), children: (0 ..< Int.random(in: 1 ... 3, using: &random)).map { _ in layout(depth: depth - 1) })
        case 2:
            let width = Bool.random(using: &random) ? number(0 ... 50) : nil
            let height = Bool.random(using: &random) ? number(0 ... 50) : nil
            return .frame(width: width, height: height, alignment: alignment(), child: layout(depth: depth - 1))
        default:
            return .padding(EdgeInsets(top: number(0 ... 5), leading: number(0 ... 5), bottom: number(0 ... 5), trailing: number(0 ... 5)),
                            child: layout(depth: depth - 1))
        }
    }

    /// An offer along an axis: none (ideal), zero, unbounded or a length.
    mutating func offer() -> Double? {
        switch Int.random(in: 0 ..< 4, using: &random) {
        case 0: return nil
        case 1: return 0
        case 2: return .infinity
        default: return number(0 ... 400)
        }
    }
}

/// A list's layout (``ListLayout``) sizes its rigid rows from memos: the properties that make
/// that exact.
@Suite struct ListLayoutTests {
    /// A layout that says it is rigid along an axis has the same size for every offer along it.
    @Test func aRigidLayoutIgnoresTheOfferAlongItsAxis() {
        var generator = LayoutGenerator(random: SplitMix64(seed: 19))
        var rigid = 0
        for _ in 0 ..< 2_000 {
            let layout = generator.layout(depth: 4)
            for axis in [Axis.horizontal, .vertical] where layout.isRigid(along: axis) {
                rigid += 1
                let across = generator.offer()
                let sizes = (0 ..< 6).map { _ in
                    let along = generator.offer()
                    return layout.sizeThatFits(axis == .horizontal ? ProposedSize(width: along, height: across) : ProposedSize(width: across, height: along))
                }
                #expect(Set(sizes).count == 1, "\(layout) along \(axis): \(sizes)")
            }
        }
        #expect(rigid > 200, "the generator makes rigid layouts")
    }

    /// A list's layout sizes and places its children exactly as a stack of the same children,
    /// for any proposals, asked again and again, and so does the list's next layout, which takes
    /// the sizes of the children it shares with it.
    @Test func aListLaysOutAsAStack() throws {
        var generator = LayoutGenerator(random: SplitMix64(seed: 2019))
        for _ in 0 ..< 300 {
            let axis: Axis = Bool.random(using: &generator.random) ? .horizontal : .vertical
            let spacing = generator.number(0 ... 8), alignment = generator.alignment()
            // Half the lists have only rigid children (taken among random ones), which the list
            // sizes all at once.
            let onlyRigid = Bool.random(using: &generator.random)
            let children = (0 ..< Int.random(in: 0 ... 12, using: &generator.random)).map { _ in
                var child = generator.layout(depth: 3)
                while onlyRigid && !child.isRigid(along: axis) { child = generator.layout(depth: 3) }
                return child
            }
            let stack = LayoutComputer.stack(axis: axis, spacing: spacing, alignment: alignment, children: children)
            let list = LayoutComputer.list(ListLayout(axis: axis, spacing: spacing, alignment: alignment,
                                                      memos: children.map { ChildLayoutMemo(value: $0) }))
            #expect(list == stack.listForm(memos: nil) && list.hashValue == stack.listForm(memos: nil).hashValue)
            try check(list, against: stack, using: &generator)
            // The next layout of the list, one child changed: it takes the sizes of the others.
            guard case .list(let previous) = list, !children.isEmpty else { continue }
            var changed = children, memos = previous.memos
            let index = Int.random(in: changed.indices, using: &generator.random)
            changed[index] = generator.layout(depth: 2)
            while onlyRigid && !changed[index].isRigid(along: axis) { changed[index] = generator.layout(depth: 2) }
            memos[index] = ChildLayoutMemo(value: changed[index])
            let next = LayoutComputer.list(ListLayout(axis: axis, spacing: spacing, alignment: alignment, memos: memos, previous: previous))
            try check(next, against: .stack(axis: axis, spacing: spacing, alignment: alignment, children: changed), using: &generator)
        }
    }

    /// `list` sizes and places as `stack` for random proposals, asked twice each.
    private func check(_ list: LayoutComputer, against stack: LayoutComputer, using generator: inout LayoutGenerator) throws {
        for _ in 0 ..< 3 {
            let proposal = ProposedSize(width: generator.offer(), height: generator.offer())
            for _ in 0 ..< 2 { #expect(list.sizeThatFits(proposal) == stack.sizeThatFits(proposal), "\(stack) for \(proposal)") }
            let rect = Rect(x: generator.number(0 ... 20), y: generator.number(0 ... 20), width: generator.number(0 ... 300), height: generator.number(0 ... 300))
            for _ in 0 ..< 2 { #expect(list.placeChildren(in: rect) == stack.placeChildren(in: rect), "\(stack) in \(rect)") }
        }
    }
}

private extension LayoutComputer {
    /// The same stack as a list's layout, with fresh memos.
    func listForm(memos: [ChildLayoutMemo]?) -> LayoutComputer {
        guard case .stack(let axis, let spacing, let alignment, let children) = self else { return self }
        return .list(ListLayout(axis: axis, spacing: spacing, alignment: alignment, memos: memos ?? children.map { ChildLayoutMemo(value: $0) }))
    }
}
