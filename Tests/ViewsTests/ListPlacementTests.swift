import Constraints
import Testing
@testable import Views

/// Growing rows at the top of the host.
private struct GrowingList: View, Equatable {
    let count: Int
    var body: some View {
        VStack(spacing: 0) {
            VStack(spacing: 2) {
                ForEach(0 ..< count) { SelectableRow(index: $0, grows: true) }
            }
            Spacer()
        }
    }
}

/// Rows of 20 points at the top of the host; "add" inserts a row above them, animated linearly over one second, so every
/// other row moves down 20 points.
private struct InsertingList: View {
    /// Whether "add" animates (otherwise the rows jump to their places).
    var animated = true
    @State var first = 0

    var body: some View {
        VStack(spacing: 0) {
            Button("add") { withAnimation(animated ? .linear(duration: 1) : nil) { first -= 1 } }
            ForEach(first ..< 5) { index in
                Text("Row \(index)").frame(height: 20)
            }
            Spacer()
        }
    }
}

/// The vertical place of the text `string` in `list`, flattened.
func y(of string: String, in list: DisplayList) -> Double? {
    for item in list.items {
        if case .text(let frame, string, _, _) = item { return frame.minY }
    }
    return nil
}

/// A list draws its rows in their own coordinates and places them itself (`ListPlacement`).
@Suite struct ListPlacementTests {
    /// One row grows: the same evaluations and marks in a list of 40 rows as of 400, every later
    /// row drawn exactly the growth lower, earlier rows where they were.
    @Test func aRowThatGrowsMovesLaterRowsWithoutEvaluatingThem() {
        func grow(rows: Int) -> (evaluations: Int, marks: Int) {
            let host = ViewHost(rootView: GrowingList(count: rows), size: Size(width: 300, height: Double(rows) * 30))
            let before = host.render(at: 0)
            let tapped = rows / 2
            host.tap("row-\(tapped)")
            let marksBefore = host.graph.statistics.marks
            host.applyPendingChanges()
            let marks = host.graph.statistics.marks - marksBefore
            let evaluationsBefore = host.graph.statistics.evaluations
            let after = host.render(at: 1)
            let evaluations = host.graph.statistics.evaluations - evaluationsBefore
            let growth = Text.size(of: "selected", font: .title).height - Text.size(of: "select", font: .body).height
            for row in 0 ..< rows {
                let old = y(of: "Row \(row)", in: before), new = y(of: "Row \(row)", in: after)
                if row < tapped {
                    #expect(new == old, "row \(row)")
                } else if row > tapped {
                    #expect(abs(new! - (old! + growth)) < 1e-9, "row \(row)")
                }
            }
            return (evaluations, marks)
        }
        let small = grow(rows: 40), large = grow(rows: 400)
        #expect(small.evaluations == large.evaluations)
        #expect(small.marks == large.marks)
        #expect(small.evaluations < 50, "\(small)")
    }

    /// Rows moved by an animated insertion are drawn where they were when it began, halfway
    /// between halfway through, and at their new places at the end, as the rows' frames animate
    /// anywhere else.
    @Test func movedRowsAnimateFromWhereTheyWereToTheirNewPlaces() {
        let host = ViewHost(rootView: InsertingList(), size: Size(width: 200, height: 400))
        let before = host.render(at: 10)
        let old = y(of: "Row 3", in: before)!
        host.tap("add")
        #expect(y(of: "Row 3", in: host.render(at: 10)) == old)
        #expect(y(of: "Row 3", in: host.render(at: 10.5)) == old + 10)
        #expect(y(of: "Row 3", in: host.render(at: 11)) == old + 20)
        #expect(y(of: "Row 3", in: host.render(at: 12)) == old + 20)
        #expect(!host.wantsNextFrame)
    }

    /// The root display list read right after a change, without the flush a render does first
    /// (so the list's placement effect has not run): the list's nodes place the rows from the
    /// current placement, so every row is there, in order, at its place along the list. (Across
    /// it, a row's frame is its own and catches up at the flush: here the list widened.)
    @Test func aListReadBeforeItsPlacementRanShowsTheCurrentRows() {
        let host = ViewHost(rootView: InsertingList(animated: false), size: Size(width: 200, height: 400))
        host.render(at: 0)
        for _ in 0 ..< 3 {
            host.tap("add")
            host.applyPendingChanges()
            let unflushed = host.graph.withLock { host.rootDisplayList.value }
            let rendered = host.render(at: 5)
            func places(_ list: DisplayList) -> [String] {
                list.items.compactMap { item in
                    guard case .text(let frame, let string, _, _) = item else { return nil }
                    return "\(string) \(frame.minY)"
                }
            }
            #expect(places(unflushed) == places(rendered))
        }
        #expect(host.displayList.treeDescription.contains("Row -3"))
    }

    /// A list placed at offsets is equal to another exactly when their flattened items are.
    @Test func placedListsAreEqualWhenTheirItemsAre() {
        let row = DisplayList(.shape(frame: Rect(x: 0, y: 0, width: 10, height: 10), color: RGBA(red: 1, green: 0, blue: 0, opacity: 1)))
        let other = DisplayList(.shape(frame: Rect(x: 0, y: 5, width: 10, height: 10), color: RGBA(red: 1, green: 0, blue: 0, opacity: 1)))
        let empty = DisplayList([.group(opacity: 0.5, offset: .zero, items: [])])
        let a = DisplayList.placed([row, empty], at: [Point(x: 0, y: 5), Point(x: 0, y: 20)])
        #expect(a == DisplayList.placed([row, empty], at: [Point(x: 0, y: 5), Point(x: 0, y: 30)]), "moving what has no frame changes nothing")
        #expect(a != DisplayList.placed([row, empty], at: [Point(x: 0, y: 6), Point(x: 0, y: 20)]), "a moved row")
        #expect(a == DisplayList.placed([other, empty], at: [Point(x: 0, y: 0), Point(x: 0, y: 20)]), "the same items placed otherwise")
        #expect(a.items == [.shape(frame: Rect(x: 0, y: 5, width: 10, height: 10), color: RGBA(red: 1, green: 0, blue: 0, opacity: 1)),
                            .group(opacity: 0.5, offset: .zero, items: [])])
        #expect(a == DisplayList(a.items))
    }
}
