import Reproductions
import Testing
@testable import Views

/// The incremental structures of a list's layout, each compared with the same structure made from
/// scratch after random sequences of row changes: ``RowTree`` (a list's memos and extents),
/// ``DisplayListTree/Layout`` (the tree's offsets) and a whole list whose rows change size, drawn
/// by a host that updates it against a host built for the final rows.
@Suite struct RowTreeTests {
    /// A random extent: lengths with fractions, so that sums round.
    private static func extent(using random: inout SplitMix64) -> RowExtent {
        RowExtent(length: Double(Int.random(in: 0 ... 400, using: &random)) / 7, thickness: Double(Int.random(in: 0 ... 90, using: &random)) / 3)
    }

    /// After any sequence of replacements, a tree holds the rows an array holds, its summaries and
    /// prefixes are those of a tree made anew from that array (to the bit), and close to a sum row
    /// by row (equal to it for one leaf's worth of rows); `changes(from:)` finds exactly the rows
    /// that differ, and `isSame(as:)` says whether any does.
    @Test(arguments: [0, 1, 5, 31, 32, 33, 100, 1_025, 3_000])
    func aTreeUpdatedRowByRowIsTheTreeMadeAnew(count: Int) {
        var random = SplitMix64(seed: UInt64(count) + 31)
        var rows = (0 ..< count).map { _ in Self.extent(using: &random) }
        var tree = RowTree<RowExtent, RowExtentSummary>(rows)
        for _ in 0 ..< 40 {
            let before = tree
            var changed = Set<Int>()
            for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) where count > 0 {
                let index = Int.random(in: 0 ..< count, using: &random)
                let extent = Bool.random(using: &random) ? rows[index] : Self.extent(using: &random)
                if extent != rows[index] { changed.insert(index) }
                rows[index] = extent
                tree[index] = extent
            }
            let fresh = RowTree<RowExtent, RowExtentSummary>(rows)
            #expect(tree.rows == rows)
            #expect(tree.summary == fresh.summary)
            #expect(tree.changes(from: before, differ: !=) == changed.sorted())
            #expect(tree.isSame(as: before, differ: !=) == changed.isEmpty)
            #expect(tree.isSame(as: fresh, differ: !=))
            let flat = RowExtentSummary(rows: rows)
            #expect(abs(tree.summary.length - flat.length) <= 1e-9 * max(1, flat.length) && tree.summary.thickness == flat.thickness)
            if count <= RowTree<RowExtent, RowExtentSummary>.fanOut { #expect(tree.summary == flat) }
            var prefixes: [RowExtentSummary] = []
            tree.forEachPrefix { index, row, prefix in
                #expect(row == rows[index])
                prefixes.append(prefix)
            }
            #expect(prefixes.count == count)
            for index in Set((0 ..< 12).map { _ in Int.random(in: 0 ... count, using: &random) }) {
                let prefix = tree.prefix(before: index)
                #expect(prefix == fresh.prefix(before: index))
                if index < count { #expect(prefix == prefixes[index]) }
                let sum = RowExtentSummary(rows: rows[..<index])
                #expect(abs(prefix.length - sum.length) <= 1e-9 * max(1, sum.length))
            }
        }
    }

    /// The tree's layout updated from the rows whose step changed has the offsets and places of a
    /// layout made anew from all the steps, to the bit, whatever rows change and however the list
    /// moves.
    @Test(arguments: [1, 7, 64, 65, 1_000, 10_001])
    func aLayoutUpdatedFromChangedRowsIsTheLayoutMadeAnew(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        for axis in [Axis.vertical, .horizontal] {
            var steps = (0 ..< count).map { _ in Double(Int.random(in: 1 ... 300, using: &random)) / 7 }
            var origin = Point(x: 3, y: -1.5)
            var layout = DisplayListTree.Layout(steps: steps, origin: origin, axis: axis)
            for _ in 0 ..< 30 {
                var changed: [(row: Int, step: Double)] = []
                for row in Set((0 ..< Int.random(in: 0 ... 4, using: &random)).map { _ in Int.random(in: 0 ..< count, using: &random) }).sorted() {
                    steps[row] = Double(Int.random(in: 1 ... 300, using: &random)) / 7
                    changed.append((row, steps[row]))
                }
                if Bool.random(using: &random) { origin = Point(x: origin.x + 0.5, y: origin.y - 2.25) }
                _ = layout.update(origin: origin, changed)
                let fresh = DisplayListTree.Layout(steps: steps, origin: origin, axis: axis)
                #expect(layout.steps == fresh.steps && layout.fanOut == fresh.fanOut)
                for level in 0 ..< 3 {
                    let nodes = level == 0 ? fresh.chunks.count : level == 1 ? fresh.groups.count : 1
                    for position in 0 ..< nodes {
                        #expect(layout.offsets(level: level, position: position) == fresh.offsets(level: level, position: position))
                    }
                }
                let rows = Set((0 ..< 20).map { _ in Int.random(in: 0 ..< count, using: &random) })
                #expect(rows.allSatisfy { layout.place(ofRow: $0) == fresh.place(ofRow: $0) })
            }
        }
    }

    /// A list whose rows grow and shrink, a few at a time, rendered after each change, draws what a
    /// host built for the final rows draws: the same items, to the bit.
    @Test(arguments: [(Axis.vertical, 150), (.horizontal, 40), (.vertical, 1_100)])
    func aListChangedRowByRowDrawsAsAListBuiltForItsFinalRows(axis: Axis, count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        let initial = (0 ..< count).map { _ in Int.random(in: 0 ..< 4, using: &random) }
        let host = ViewHost(rootView: LevelList(axis: axis, levels: initial), size: Size(width: 400, height: 300))
        host.render(at: 0)
        var bumps = [Int](repeating: 0, count: count)
        for frame in 1 ... 25 {
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
                let row = Int.random(in: 0 ..< count, using: &random)
                #expect(host.tap("level-\(row)"))
                bumps[row] += 1
            }
            let drawn = host.render(at: Double(frame))
            if frame % 5 == 0 {
                let levels = zip(initial, bumps).map { $0 + $1 }
                let fresh = ViewHost(rootView: LevelList(axis: axis, levels: levels), size: Size(width: 400, height: 300))
                #expect(drawn.items == fresh.render(at: 0).items, "after \(frame) frames")
            }
        }
        #expect(host.diagnostics.isEmpty, "\(host.diagnostics)")
    }
}

/// A row whose length along its list is one of four, by its level: the level it starts at plus
/// the taps on it.
private struct LevelRow: View {
    let index: Int
    let axis: Axis
    let initial: Int
    @State var taps = 0

    var body: some View {
        let level = Double((initial + taps) % 4)
        let length = 21 + 1.7 * level
        HStack(spacing: 2) {
            Color.red.frame(width: axis == .vertical ? 8 + Double(index % 3) : length, height: axis == .vertical ? length : 8)
            Button("r\(index)") { taps += 1 }.accessibilityIdentifier("level-\(index)")
        }
    }
}

/// A list of ``LevelRow``s along `axis`, spaced and aligned so that every coordinate rounds.
private struct LevelList: View {
    let axis: Axis
    let levels: [Int]

    var body: some View {
        if axis == .vertical {
            VStack(alignment: .leading, spacing: 1.3) {
                ForEach(0 ..< levels.count) { LevelRow(index: $0, axis: axis, initial: levels[$0]) }
            }
        } else {
            HStack(alignment: .bottom, spacing: 0.7) {
                ForEach(0 ..< levels.count) { LevelRow(index: $0, axis: axis, initial: levels[$0]) }
            }
        }
    }
}
