import Constraints
import Testing
@testable import Views

/// A feed row: a title pushed to the leading edge.
private struct FeedTestRow: View, Equatable {
    let index: Int
    var body: some View {
        HStack {
            Text("Row \(index)")
            Spacer()
        }
    }
}

/// 100 rows of 20 points in a viewport of 100 points: 5 rows per screen.
private struct FeedTestScreen: View {
    let controller: ScrollFeedController
    var body: some View {
        ScrollFeed(rowCount: 100, rowHeight: 20, controller: controller) { FeedTestRow(index: $0) }
    }
}

/// The scrolling feed: rows made only when shown or measured, scrolling as a state write, and
/// measured rows that cost nothing when they come into view.
@Suite struct ScrollFeedTests {
    private func makeHost() -> (ViewHost<FeedTestScreen>, ScrollFeedController) {
        let controller = ScrollFeedController()
        let host = ViewHost(rootView: FeedTestScreen(controller: controller), size: Size(width: 200, height: 100))
        host.render(at: 0)
        return (host, controller)
    }

    /// Evaluations of a frame rendered after scrolling to `offset`.
    private func evaluationsOfScroll<Root: View>(_ host: ViewHost<Root>, _ controller: ScrollFeedController, to offset: Double) -> Int {
        host.perform { controller.scroll(to: offset) }
        let before = host.graph.statistics.evaluations
        host.render(at: 1)
        return host.graph.statistics.evaluations - before
    }

    private func titles(in list: DisplayList) -> [String] {
        list.treeDescription.split(separator: "\n").compactMap { line in
            line.split(separator: "\"").dropFirst().first.map(String.init)
        }
    }

    @Test func onlyTheVisibleRowsAreMade() {
        let (host, controller) = makeHost()
        #expect(controller.rowCount == 100)
        #expect(controller.rowsPerScreen == 5)
        #expect(controller.visibleRows == 0 ..< 5)
        #expect(controller.measuredRowCount == 5)
        #expect(controller.isMeasured(4) && !controller.isMeasured(5))
        #expect(titles(in: host.displayList) == ["Row 0", "Row 1", "Row 2", "Row 3", "Row 4"])
        #expect(host.displayList.treeDescription.contains("(text \"Row 1\" #:frame (0, 19.8, 51, 20.4)"))
    }

    @Test func scrollingMovesTheContentAndMakesTheRowsThatComeIntoView() {
        let (host, controller) = makeHost()
        host.perform { controller.scroll(to: 30) }
        #expect(controller.visibleRows == 0 ..< 5, "a scroll is a state write, applied by the next frame")
        host.render(at: 1)
        #expect(controller.visibleRows == 1 ..< 7)
        #expect(controller.measuredRowCount == 7)
        #expect(titles(in: host.displayList) == ["Row 1", "Row 2", "Row 3", "Row 4", "Row 5", "Row 6"])
        #expect(host.displayList.treeDescription.contains("(group #:opacity 1 #:offset (0, -30)"))
    }

    @Test func scrollPositionIsClampedToTheContent() {
        let (host, controller) = makeHost()
        _ = evaluationsOfScroll(host, controller, to: 10_000)
        #expect(controller.visibleRows == 95 ..< 100)
        _ = evaluationsOfScroll(host, controller, to: -50)
        #expect(controller.visibleRows == 0 ..< 5)
        #expect(!host.displayList.treeDescription.contains("#:offset"))
    }

    /// Scrolling without new rows evaluates the position, the visible rows and the feed's display
    /// list; no row.
    @Test func scrollingRowsAlreadyShownEvaluatesNoRow() {
        let (host, controller) = makeHost()
        _ = evaluationsOfScroll(host, controller, to: 10)
        #expect(controller.visibleRows == 0 ..< 6)
        #expect(evaluationsOfScroll(host, controller, to: 15) == 3)
    }

    /// Rows measured ahead are made and laid out then, and showing them later evaluates none of
    /// their nodes.
    @Test func measuredRowsCostNothingWhenShown() {
        let (unmeasured, unmeasuredController) = makeHost()
        let costWithoutMeasuring = evaluationsOfScroll(unmeasured, unmeasuredController, to: 100)

        let (host, controller) = makeHost()
        host.graph.withLock { controller.measure(rows: 5 ..< 10) }
        #expect(controller.isMeasured(7))
        #expect(controller.visibleRows == 0 ..< 5)
        #expect(titles(in: host.displayList).count == 5, "measured rows are not shown before they scroll into view")
        #expect(evaluationsOfScroll(host, controller, to: 100) == 3)
        #expect(costWithoutMeasuring > 3 + 5 * 5)
        #expect(host.displayList == unmeasured.displayList)
    }

    @Test func measuringClampsToTheRows() {
        let (host, controller) = makeHost()
        host.graph.withLock { controller.measure(rows: 98 ..< 120) }
        #expect(controller.measuredRowCount == 7)
        #expect(controller.isMeasured(99) && !controller.isMeasured(100))
    }

    @Test func aControllerWithoutAFeedKnowsNoRows() {
        let controller = ScrollFeedController()
        controller.scroll(to: 10)
        controller.measure(rows: 0 ..< 3)
        #expect(controller.rowCount == 0 && controller.rowsPerScreen == 0 && controller.visibleRows.isEmpty)
        #expect(!controller.isMeasured(0))
    }
}
