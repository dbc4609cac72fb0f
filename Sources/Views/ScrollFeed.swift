import Constraints

/// A vertically scrolling feed of `rowCount` rows of equal height that makes a row's nodes only
/// when the row scrolls into view or is measured ahead through its ``ScrollFeedController`` (a
/// lazy stack in a scroll view, or a Texture table with working ranges). A dynamic container.
///
/// The feed takes the size it is proposed: that is its viewport. Rows are laid out one below the
/// other in content coordinates, and scrolling moves the content as one group, so a scroll step
/// re-evaluates no row that was already shown: only the feed's display list and the rows that come
/// into view. Rows stay instantiated once made. Rows partly outside the viewport are drawn whole
/// (there is no clipping).
///
/// ```swift
/// let controller = ScrollFeedController()
/// let feed = ScrollFeed(rowCount: 1_000, rowHeight: 64, controller: controller) { index in
///     Text("Post \(index)")
/// }
/// host.perform { controller.scroll(to: 640) }   // an event handler: queues a state write
/// ```
public struct ScrollFeed<Row: View>: View {
    public typealias Body = Never
    let rowCount: Int
    let rowHeight: Double
    let controller: ScrollFeedController
    let row: (Int) -> Row

    /// A feed of `rowCount` rows (at least 0), each `rowHeight` points tall (at least 1), made by
    /// `row` from the row's index and driven by `controller`.
    public init(rowCount: Int, rowHeight: Double, controller: ScrollFeedController, @ViewBuilder row: @escaping (Int) -> Row) {
        self.rowCount = max(0, rowCount)
        self.rowHeight = rowHeight.isFinite ? max(1, rowHeight) : 1
        self.controller = controller
        self.row = row
    }

    public static func makeView(_ view: Rule<ScrollFeed>, inputs: ViewInputs) -> ViewOutputs {
        ScrollFeedContainer(view: view, inputs: inputs).outputs
    }
}

/// Scrolls a ``ScrollFeed`` and measures its rows ahead of time, from outside the view tree, as a
/// scroll view's proxy does. One controller drives one feed.
///
/// Every member must be called with the graph's update lock held: ``scroll(to:)`` from an event
/// handler (``ViewHost/perform(_:)``), the others from a strategy inside the frame loop's lock.
/// Until the feed's first frame is rendered, the controller knows no rows.
public final class ScrollFeedController: @unchecked Sendable {
    private weak var feed: (any ScrollFeedDriving)?

    /// A controller attached to no feed yet.
    public init() {}

    /// Scrolls so that content offset `offset` (points from the top of the first row) is at the
    /// top of the viewport, clamped to the content. A state write: applied with the event's
    /// transaction, like a `@State` write.
    public func scroll(to offset: Double) { feed?.scroll(to: offset) }

    /// Number of rows in the feed.
    public var rowCount: Int { feed?.rowCount ?? 0 }

    /// How many rows fit in the viewport (rounded up).
    public var rowsPerScreen: Int { feed?.rowsPerScreen ?? 0 }

    /// The rows that intersect the viewport, as of the last render.
    public var visibleRows: Range<Int> { feed?.visibleRows ?? 0 ..< 0 }

    /// Measures `rows` (clamped to the feed's rows) on the calling thread: makes each row's nodes
    /// if needed and evaluates its layout and display list, so that showing it later evaluates
    /// none of its nodes.
    public func measure(rows: Range<Int>) { feed?.measure(rows: rows) }

    /// Whether `row` was measured, by ``measure(rows:)`` or by being shown.
    public func isMeasured(_ row: Int) -> Bool { feed?.isMeasured(row) ?? false }

    /// Number of rows whose nodes exist: the rows shown so far plus the rows measured ahead.
    public var measuredRowCount: Int { feed?.measuredRowCount ?? 0 }

    func attach(_ feed: any ScrollFeedDriving) {
        if self.feed !== feed { self.feed = feed }
    }
}

/// What a ``ScrollFeedController`` drives: the nodes of one feed.
protocol ScrollFeedDriving: AnyObject {
    func scroll(to offset: Double)
    var rowCount: Int { get }
    var rowsPerScreen: Int { get }
    var visibleRows: Range<Int> { get }
    func measure(rows: Range<Int>)
    func isMeasured(_ row: Int) -> Bool
    var measuredRowCount: Int { get }
}

/// The feed's size parameters (a node of their own, so that a new feed value with the same
/// parameters changes nothing).
struct ScrollFeedParameters: Hashable {
    var rowCount: Int
    var rowHeight: Double
}

/// The nodes and rows of one ``ScrollFeed``:
/// - the scroll offset (a state input) and the scroll position (the offset clamped to the content),
/// - the visible rows, from the position and the viewport's height,
/// - per row made so far: a view node, a frame in content coordinates and the row view's nodes,
/// - a display list grouping the visible rows' display lists, moved up by the scroll position.
final class ScrollFeedContainer<Row: View>: ScrollFeedDriving, @unchecked Sendable {
    private let view: Rule<ScrollFeed<Row>>
    private let inputs: ViewInputs
    private let owner: Subgraph?
    private let offset: StateStorage<Double>
    private var parameters: Rule<ScrollFeedParameters>!
    private var visible: Rule<Range<Int>>!
    private(set) var outputs: ViewOutputs!
    /// The rows made so far, by index; a row is in here once measured or shown.
    private var rows: [Int: ViewOutputs] = [:]

    init(view: Rule<ScrollFeed<Row>>, inputs: ViewInputs) {
        self.view = view
        self.inputs = inputs
        let graph = inputs.graph
        inputs.context.hasDynamicContainer = true
        owner = graph.currentSubgraph
        offset = StateStorage(context: inputs.context, value: 0, name: "ScrollFeed.offset")
        // The rules keep the container alive; the graph drops them when the owner subgraph goes.
        parameters = graph.rule(name: "ScrollFeed.parameters") {
            let feed = view.value
            feed.controller.attach(self)
            return ScrollFeedParameters(rowCount: feed.rowCount, rowHeight: feed.rowHeight)
        }
        let geometry = inputs.geometry
        let parameters = self.parameters!
        let offset = self.offset.input
        let position = graph.rule(name: "ScrollFeed.position") { () -> Double in
            let size = parameters.value
            let largest = max(0, Double(size.rowCount) * size.rowHeight - geometry.value.height)
            let requested = offset.value
            return requested.isFinite ? min(max(requested, 0), largest) : 0
        }
        visible = graph.rule(name: "ScrollFeed.visibleRows") { () -> Range<Int> in
            let size = parameters.value
            let top = position.value
            let first = min(size.rowCount, Int((top / size.rowHeight).rounded(.down)))
            let end = min(size.rowCount, Int(((top + geometry.value.height) / size.rowHeight).rounded(.up)))
            return first ..< max(first, end)
        }
        let visible = self.visible!
        let displayList = graph.rule(name: "ScrollFeed.displayList") {
            let lists = visible.value.map { self.row($0).displayList.value }
            return DisplayList.group(lists, offset: Point(x: 0, y: -position.value))
        }
        let layout = graph.rule(name: "ScrollFeed.layout") { LayoutComputer.flexible(ideal: Size(width: 10, height: 10)) }
        outputs = ViewOutputs(layout: layout, displayList: displayList)
    }

    /// The nodes of row `index`, made on first use.
    private func row(_ index: Int) -> ViewOutputs {
        if let made = rows[index] { return made }
        let made = inputs.graph.withCurrentSubgraph(owner) { makeRow(index) }
        rows[index] = made
        return made
    }

    /// Makes the nodes of row `index`: its view, its frame in content coordinates (the row's own
    /// size placed at the leading edge of its slot) and the row view's nodes.
    private func makeRow(_ index: Int) -> ViewOutputs {
        let graph = inputs.graph
        let view = self.view
        let parameters = self.parameters!
        let feedGeometry = inputs.geometry
        let rowView = graph.rule(name: inputs.context.typeNames.name(of: Row.self)) { view.value.row(index) }
        var layout: Rule<LayoutComputer>?
        var rowInputs = inputs
        rowInputs.isInListRow = true
        rowInputs.geometry = graph.rule(name: "ScrollFeed.rowGeometry") {
            let frame = feedGeometry.value
            let height = parameters.value.rowHeight
            let slot = Rect(x: frame.minX, y: frame.minY + Double(index) * height, width: frame.width, height: height)
            return Alignment.leading.place(layout!.value.sizeThatFits(ProposedSize(slot.size)), in: slot)
        }
        let outputs = Row.makeView(rowView, inputs: rowInputs)
        layout = outputs.layout
        return outputs
    }

    // MARK: ScrollFeedDriving

    func scroll(to offset: Double) { self.offset.write(offset) }

    var rowCount: Int { parameters.cachedValue?.rowCount ?? 0 }

    var rowsPerScreen: Int {
        guard let size = parameters.cachedValue, let frame = inputs.geometry.cachedValue else { return 0 }
        return Int((frame.height / size.rowHeight).rounded(.up))
    }

    var visibleRows: Range<Int> { visible.cachedValue ?? 0 ..< 0 }

    func measure(rows: Range<Int>) {
        for index in rows.clamped(to: 0 ..< rowCount) { _ = row(index).displayList.value }
    }

    func isMeasured(_ row: Int) -> Bool { rows[row] != nil }

    var measuredRowCount: Int { rows.count }
}
