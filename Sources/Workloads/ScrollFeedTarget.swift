import Constraints
import ExtraStrategies
import Scheduling
import Views

/// The render target of `scroll-feed`: the feed's view host, plus the working-range view of its
/// rows through the feed's ``ScrollFeedController``.
final class ScrollFeedTarget: WorkingRangeTarget {
    private let host: ViewHost<Feed>
    private let controller: ScrollFeedController

    init(host: ViewHost<Feed>, controller: ScrollFeedController) {
        self.host = host
        self.controller = controller
    }

    var graph: Graph { host.graph }
    func render(at tick: Tick) { host.render(at: tick) }
    func renderAsync(at tick: Tick) -> AsyncRenderOutcome { host.renderAsync(at: tick) }
    func updateOutputs() { host.updateOutputs() }
    var wantsNextFrame: Bool { host.wantsNextFrame }

    var rowCount: Int { controller.rowCount }
    var rowsPerScreen: Int { controller.rowsPerScreen }
    var visibleRows: Range<Int> { controller.visibleRows }
    func measure(rows: Range<Int>) { controller.measure(rows: rows) }
    func isMeasured(_ row: Int) -> Bool { controller.isMeasured(row) }
}
