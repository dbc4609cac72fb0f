import ExtraStrategies
import Scheduling

/// A scrolling list scrolling at a steady speed: each row's height is a rule (measuring a row
/// evaluates it), and the screen, the observed output, reads the visible rows' heights. The
/// viewport's first row is `firstRow + rowsPerFrame × frame`, from the frame's time, within the list.
final class FakeFeed: WorkingRangeTarget {
    let graph = Graph(recordsNodeStatistics: true)
    let rowCount: Int
    let rowsPerScreen: Int
    let log = ThreadLog()
    private let time: Input<Double>
    private let heights: [Rule<Double>]
    private let screen: Rule<[Double]>
    /// The rows visible at a time.
    private let rows: @Sendable (Double) -> Range<Int>

    init(rowCount: Int = 400, rowsPerScreen: Int = 10, firstRow: Int = 0, rowsPerFrame: Int, frameRate: Double = 60) {
        self.rowCount = rowCount
        self.rowsPerScreen = rowsPerScreen
        let rowsPerSecond = Double(rowsPerFrame) * frameRate
        let graph = graph
        let log = log
        let time = graph.input(0.0, name: "time")
        let heights = (0 ..< rowCount).map { row in
            graph.rule(name: "row \(row)") { () -> Double in
                log.record("row")
                return Double(20 + row % 7)
            }
        }
        self.time = time
        self.heights = heights
        let rows = { @Sendable [firstRow, rowsPerSecond] (time: Double) -> Range<Int> in
            let first = min(rowCount, max(0, firstRow + Int((time * rowsPerSecond).rounded())))
            return first ..< min(rowCount, first + rowsPerScreen)
        }
        self.rows = rows
        screen = graph.rule(name: "screen") { rows(time.value).map { heights[$0].value } }
    }

    var visibleRows: Range<Int> { rows(time.value) }

    func measure(rows: Range<Int>) {
        for row in rows { _ = heights[row].value }
    }

    func isMeasured(_ row: Int) -> Bool {
        heights[row].state.contains(.valueExists)
    }

    func render(at tick: Tick) {
        time.value = tick.time
        updateOutputs()
    }

    func renderAsync(at tick: Tick) -> AsyncRenderOutcome { .declined(.mainThreadRequired) }

    func updateOutputs() { _ = screen.value }

    /// The list scrolls on every frame.
    var wantsNextFrame: Bool { true }
}
