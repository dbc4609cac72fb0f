/// The rows Texture's range controller keeps measured around the visible rows of a scrolling list
/// (`ASRangeTuningParameters`): a leading buffer in the direction of scroll and a trailing buffer
/// behind, both in screenfuls.
struct WorkingRange: Hashable, Sendable {
    /// Screenfuls measured ahead, in the direction of scroll.
    var leadingScreenfuls: Double
    /// Screenfuls kept measured behind.
    var trailingScreenfuls: Double

    /// The rows to have measured, nearest first: the visible rows, then the leading buffer, then
    /// the trailing buffer, each clamped to `0 ..< rowCount`.
    func rows(
        around visible: Range<Int>, scrollingForward: Bool, rowsPerScreen: Int, rowCount: Int
    ) -> [Range<Int>] {
        let leading = Self.rowCount(leadingScreenfuls, rowsPerScreen: rowsPerScreen)
        let trailing = Self.rowCount(trailingScreenfuls, rowsPerScreen: rowsPerScreen)
        let below = visible.upperBound ..< visible.upperBound + (scrollingForward ? leading : trailing)
        let above = visible.lowerBound - (scrollingForward ? trailing : leading) ..< visible.lowerBound
        let ranges = scrollingForward ? [visible, below, above] : [visible, above, below]
        return ranges.map { $0.clamped(to: 0 ..< max(0, rowCount)) }
    }

    /// Whole rows covering `screenfuls` screens (rounded up).
    private static func rowCount(_ screenfuls: Double, rowsPerScreen: Int) -> Int {
        Int((screenfuls * Double(rowsPerScreen)).rounded(.up))
    }
}
