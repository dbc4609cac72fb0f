import Constraints
import Testing
@testable import Views

/// A row whose own state changes when its button is tapped.
struct SelectableRow: View, Equatable {
    let index: Int
    @State var isSelected = false

    var body: some View {
        HStack {
            Text("Row \(index)")
            Spacer()
            Button(isSelected ? "selected" : "select") { isSelected.toggle() }
                .accessibilityIdentifier("row-\(index)")
        }
        .frame(height: 20)
    }
}

/// A list of `count` selectable rows.
struct SelectableList: View, Equatable {
    let count: Int
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< count) { SelectableRow(index: $0) }
        }
    }
}

/// The work per frame grows with the change, not with the list.
@Suite struct ScalingTests {
    /// Evaluations of the frame after one row's state changed, for a list of `rows` rows.
    static func evaluationsForOneRowChange(rows: Int) -> Int {
        let host = ViewHost(rootView: SelectableList(count: rows), size: Size(width: 300, height: Double(rows) * 20))
        host.render(at: 0)
        host.tap("row-\(rows / 2)")
        let before = host.graph.statistics.evaluations
        host.render(at: 1)
        #expect(host.displayList.treeDescription.contains("\"selected\""))
        return host.graph.statistics.evaluations - before
    }

    /// Selecting one row costs the same number of evaluations in a list of 10 and of 1,000 rows.
    @Test func oneRowChangeCostIsIndependentOfListLength() {
        let small = Self.evaluationsForOneRowChange(rows: 10)
        let large = Self.evaluationsForOneRowChange(rows: 1_000)
        #expect(small == large)
        #expect(small < 40)
    }
}
