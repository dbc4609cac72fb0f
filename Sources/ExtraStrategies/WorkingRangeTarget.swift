import Scheduling

/// A render target whose content is a long scrolling list, for strategies that measure rows
/// before they scroll into view (Texture's working ranges).
///
/// Every method is called with the graph's update lock held.
public protocol WorkingRangeTarget: RenderTarget {
    /// Number of rows in the list.
    var rowCount: Int { get }
    /// How many rows fit on one screen.
    var rowsPerScreen: Int { get }
    /// The rows that intersect the viewport, as of the last render.
    var visibleRows: Range<Int> { get }
    /// Measures `rows` (computes their layout) on the calling thread, so that showing them later
    /// costs no measurement.
    func measure(rows: Range<Int>)
    /// Whether `row` has been measured, by ``measure(rows:)`` or by being shown.
    func isMeasured(_ row: Int) -> Bool
}
