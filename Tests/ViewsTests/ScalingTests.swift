import Constraints
import Testing
@testable import Views

/// A row whose own state changes when its button is tapped. With `grows`, the button's title
/// takes a larger font when selected and the row's height follows it (so every later row of its
/// list moves); otherwise the row is 20 points high.
struct SelectableRow: View, Equatable {
    let index: Int
    var grows = false
    @State var isSelected = false

    var body: some View {
        HStack {
            Text("Row \(index)")
            Spacer()
            Button(isSelected ? "selected" : "select") { isSelected.toggle() }
                .font(grows && isSelected ? .title : .body)
                .accessibilityIdentifier("row-\(index)")
        }
        .frame(height: grows ? nil : 20)
    }
}

/// A row whose text turns orange when its button is tapped: no layout changes.
struct RecolorableRow: View, Equatable {
    let index: Int
    @State var isSelected = false

    var body: some View {
        HStack {
            Text("Row \(index)").foregroundColor(isSelected ? .orange : nil)
            Spacer()
            Button("select") { isSelected.toggle() }
                .accessibilityIdentifier("row-\(index)")
        }
        .frame(height: 20)
    }
}

/// A list of `count` selectable (or, with `recolor`, recolorable) rows.
struct SelectableList: View, Equatable {
    let count: Int
    var recolor = false
    var body: some View {
        VStack(spacing: 0) {
            if recolor {
                ForEach(0 ..< count) { RecolorableRow(index: $0) }
            } else {
                ForEach(0 ..< count) { SelectableRow(index: $0) }
            }
        }
    }
}

/// A list of `count` recolorable rows straight in a `VStack` (a list: its display list is combined
/// through a `DisplayListTree`).
struct RecolorableList: View, Equatable {
    let count: Int
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< count) { RecolorableRow(index: $0) }
        }
    }
}

/// The work per frame grows with the change, not with the list.
@Suite struct ScalingTests {
    /// Evaluations of the frame after one row's state changed, for a list of `rows` rows.
    static func evaluationsForOneRowChange(rows: Int, recolor: Bool = false) -> Int {
        let host = ViewHost(rootView: SelectableList(count: rows, recolor: recolor), size: Size(width: 300, height: Double(rows) * 20))
        host.render(at: 0)
        host.tap("row-\(rows / 2)")
        let before = host.graph.statistics.evaluations
        host.render(at: 1)
        #expect(host.displayList.treeDescription.contains(recolor ? "#FF9400" : "\"selected\""))
        return host.graph.statistics.evaluations - before
    }

    /// Selecting one row costs the same number of evaluations in a list of 10 and of 1,000 rows.
    @Test func oneRowChangeCostIsIndependentOfListLength() {
        let small = Self.evaluationsForOneRowChange(rows: 10)
        let large = Self.evaluationsForOneRowChange(rows: 1_000)
        #expect(small == large)
        #expect(small < 40)
    }

    /// Recoloring one row (no layout changes) costs the same evaluations in a list of 10 and of
    /// 1,000 rows.
    @Test func oneRowRecolorCostIsIndependentOfListLength() {
        let small = Self.evaluationsForOneRowChange(rows: 10, recolor: true)
        let large = Self.evaluationsForOneRowChange(rows: 1_000, recolor: true)
        #expect(small == large)
        #expect(small < 40)
    }

    /// Nodes marked out of date by one row's change (the tap's writes), for a list of `rows` rows.
    static func marksForOneRowChange(rows: Int, recolor: Bool) -> Int {
        let host = ViewHost(rootView: SelectableList(count: rows, recolor: recolor), size: Size(width: 300, height: Double(rows) * 20))
        host.render(at: 0)
        host.tap("row-\(rows / 2)")
        let before = host.graph.statistics.marks
        host.applyPendingChanges()
        let marks = host.graph.statistics.marks - before
        host.render(at: 1)
        return marks
    }

    /// A change inside a row whose layout stays the same marks as many nodes in a list of 100 as
    /// of 1,000 rows: the mark stops at the effect that watches the row's layout for the list
    /// (`ElementLayoutWatch`), and so never reaches the other rows' frames.
    @Test func oneRowRecolorMarksAreIndependentOfListLength() {
        let small = Self.marksForOneRowChange(rows: 100, recolor: true)
        let large = Self.marksForOneRowChange(rows: 1_000, recolor: true)
        #expect(small == large)
        #expect(small < 60)
    }

    /// In a list straight in a stack, a recolor evaluates and marks as many nodes in a list of 30
    /// rows (a display-list tree of fan-out 4) as of 2,000 (fan-out 13), and the frame shows every
    /// row once, in order, as a list without a tree would.
    @Test func listRecolorCostIsIndependentOfListLength() {
        func change(rows: Int) -> (evaluations: Int, marks: Int, texts: [String]) {
            let host = ViewHost(rootView: RecolorableList(count: rows), size: Size(width: 300, height: Double(rows) * 20))
            host.render(at: 0)
            host.tap("row-\(rows / 2)")
            let marksBefore = host.graph.statistics.marks
            host.applyPendingChanges()
            let marks = host.graph.statistics.marks - marksBefore
            let evaluationsBefore = host.graph.statistics.evaluations
            host.render(at: 1)
            let texts = host.displayList.items.compactMap { item -> String? in
                if case .text(_, let string, _, _) = item, string.hasPrefix("Row ") { return string }
                return nil
            }
            #expect(host.displayList.treeDescription.contains("#FF9400"))
            return (host.graph.statistics.evaluations - evaluationsBefore, marks, texts)
        }
        let small = change(rows: 30), large = change(rows: 2_000)
        #expect(small.evaluations == large.evaluations)
        #expect(small.marks == large.marks)
        #expect(large.texts == (0 ..< 2_000).map { "Row \($0)" })
    }
}
