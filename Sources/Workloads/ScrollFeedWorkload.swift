import Scheduling
import Views

/// `scroll-feed`: a feed of rows (1,000 by default), each two texts and two rectangles standing in
/// for images, scrolled every frame (1,500 points a second by default, back up when it reaches the
/// end): Texture's case.
/// Only rows in the viewport and rows a strategy measured ahead are instantiated; a row that comes
/// into view unmeasured is built and laid out in that frame.
///
/// Its target is a ``WorkingRangeTarget``, so that a strategy can measure rows before they scroll
/// into view.
public struct ScrollFeedWorkload: Workload {
    public let name = "scroll-feed"
    public var summary: String {
        "A feed of \(rows) rows of texts and images scrolled every frame: rows are built as they come into view, unless a strategy measured them ahead."
    }
    /// Number of rows.
    public let rows: Int
    /// Scroll speed, in points per second.
    public let pointsPerSecond: Double

    /// The viewport: a phone screen.
    static let viewport = Size(width: 390, height: 844)

    /// A feed of `rows` rows (at least 1) scrolled at `pointsPerSecond` (at least 0).
    public init(rows: Int = 1_000, pointsPerSecond: Double = 1_500) {
        self.rows = max(1, rows)
        self.pointsPerSecond = pointsPerSecond.isFinite ? max(0, pointsPerSecond) : 0
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let controller = ScrollFeedController()
        let host = ViewHost(rootView: Feed(rows: rows, controller: controller), size: Self.viewport)
        let travel = max(0, Double(rows) * FeedRow.height - Self.viewport.height)
        let step = pointsPerSecond / frameRate
        let events = EventScript.activeFrames(of: frames).map { frame in
            let offset = Self.pingPong(Double(frame + 1) * step, travel: travel)
            return MainThreadEvent(frame: frame, name: "scroll") { loop in
                host.perform { controller.scroll(to: offset) }
                loop.transaction("scroll") { host.commitTransactions() }
            }
        }
        return WorkloadInstance(showing: host, through: ScrollFeedTarget(host: host, controller: controller), events: events)
    }

    /// `distance` scrolled down and back up between 0 and `travel`, as a position.
    static func pingPong(_ distance: Double, travel: Double) -> Double {
        guard travel > 0 else { return 0 }
        let phase = distance.truncatingRemainder(dividingBy: 2 * travel)
        return phase <= travel ? phase : 2 * travel - phase
    }
}

/// The feed's screen: nothing but the feed.
struct Feed: View {
    let rows: Int
    let controller: ScrollFeedController

    var body: some View {
        ScrollFeed(rowCount: rows, rowHeight: FeedRow.height, controller: controller) { index in
            FeedRow(index: index)
        }
    }
}

/// A post: an avatar image, a title and a caption, and a thumbnail image; the images are
/// rectangles in a color chosen by the row's index.
struct FeedRow: View, Equatable {
    static let height = 64.0
    static let palette: [Color] = [.blue, .green, .orange, .red, .gray]
    let index: Int

    var body: some View {
        HStack(spacing: 8) {
            Rectangle()
                .foregroundColor(Self.palette[index % Self.palette.count])
                .frame(width: 48, height: 48)
            VStack(alignment: .leading, spacing: 4) {
                Text("Post \(index)").font(.headline)
                Text("\(index % 60) minutes ago").font(.caption)
            }
            Spacer()
            Rectangle()
                .foregroundColor(Self.palette[(index + 2) % Self.palette.count])
                .frame(width: 80, height: 48)
        }
        .padding(8)
    }
}
