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
    public let name: String
    public var summary: String {
        if detailLines == 0 {
            return "A feed of \(rows) rows of texts and images scrolled every frame: rows are built as they come into view, unless a strategy measured them ahead."
        }
        return "A feed of \(rows) rows, each with \(detailLines) lines of text (expensive to measure), flicked \(flickRows) rows every \(flickFrames) frames: strategies that build rows on the frame that shows them hitch; a working range measures them ahead."
    }
    /// Number of rows.
    public let rows: Int
    /// Scroll speed, in points per second.
    public let pointsPerSecond: Double
    /// Lines of caption text in every row besides its title, which make a row costly to build and
    /// lay out (0 for the plain feed).
    public let detailLines: Int
    /// Frames between two scroll steps (1: every frame; more: flicks).
    public let flickFrames: Int

    /// The viewport: a phone screen.
    static let viewport = Size(width: 390, height: 844)

    /// A feed of `rows` rows (at least 1) scrolled at `pointsPerSecond` (at least 0), every frame.
    public init(rows: Int = 1_000, pointsPerSecond: Double = 1_500) {
        self.init(name: "scroll-feed", rows: rows, pointsPerSecond: pointsPerSecond, detailLines: 0, flickFrames: 1)
    }

    /// A feed called `name` of `rows` rows (at least 1) with `detailLines` lines of caption each (at
    /// least 0), scrolled at `pointsPerSecond` on average (at least 0) in steps every
    /// `flickFrames` frames (at least 1).
    public init(name: String, rows: Int, pointsPerSecond: Double, detailLines: Int, flickFrames: Int) {
        self.name = name
        self.rows = max(1, rows)
        self.pointsPerSecond = pointsPerSecond.isFinite ? max(0, pointsPerSecond) : 0
        self.detailLines = max(0, detailLines)
        self.flickFrames = max(1, flickFrames)
    }

    /// `expensive-feed`: 300 rows of 150 caption lines, flicked 6 rows every 10 frames at 60 Hz:
    /// a few milliseconds a row on the machine the project was measured on, so a flick's rows take
    /// longer than a frame interval to build (about 21 ms) when the frame that shows them builds
    /// them.
    public static let expensive = ScrollFeedWorkload(
        name: "expensive-feed", rows: 300, pointsPerSecond: 6 * FeedRow.height * 6, detailLines: 150, flickFrames: 10
    )

    /// Rows a flick moves at 60 Hz.
    var flickRows: Int { Int((pointsPerSecond / 60 * Double(flickFrames) / FeedRow.height).rounded()) }

    /// The plain feed: `speed` (points per second) and `rows`; a feed with captions
    /// (`expensive-feed`): `caption-lines` and `rows`.
    public var loadParameters: [LoadParameter] {
        let rows = LoadParameter(name: "rows", unit: "rows", summary: "rows of the feed", default: Double(rows), range: 20 ... 100_000)
        if detailLines == 0 {
            return [
                LoadParameter(name: "speed", unit: "points per second", summary: "scroll speed, in points per second",
                              default: pointsPerSecond, range: 0 ... 20_000, sweep: [375, 750, 1_500, 3_000, 6_000, 12_000]),
                rows,
            ]
        }
        return [
            LoadParameter(name: "caption-lines", unit: "caption lines per row", summary: "lines of caption in every row",
                          default: Double(detailLines), range: 1 ... 1_000, sweep: [25, 50, 100, 150, 200, 300]),
            rows,
        ]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        var (rows, speed, lines) = (self.rows, pointsPerSecond, detailLines)
        switch parameter {
        case "rows": rows = Int(value)
        case "speed": speed = value
        default: lines = Int(value)
        }
        return ScrollFeedWorkload(name: name, rows: rows, pointsPerSecond: speed, detailLines: lines, flickFrames: flickFrames)
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let controller = ScrollFeedController()
        let host = ViewHost(rootView: Feed(rows: rows, detailLines: detailLines, controller: controller), size: Self.viewport)
        let travel = max(0, Double(rows) * FeedRow.height - Self.viewport.height)
        let step = pointsPerSecond / frameRate * Double(flickFrames)
        let steps = EventScript.activeFrames(of: frames).filter { $0 % flickFrames == 0 }
        let events = steps.map { frame in
            let offset = Self.pingPong(Double(frame / flickFrames + 1) * step, travel: travel)
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
    let detailLines: Int
    let controller: ScrollFeedController

    var body: some View {
        ScrollFeed(rowCount: rows, rowHeight: FeedRow.height, controller: controller) { index in
            FeedRow(index: index, detailLines: detailLines)
        }
    }
}

/// A post: an avatar image, a title and a caption, and a thumbnail image; the images are
/// rectangles in a color chosen by the row's index.
struct FeedRow: View, Equatable {
    static let height = 64.0
    static let palette: [Color] = [.blue, .green, .orange, .red, .gray]
    let index: Int
    /// Caption lines below the title.
    let detailLines: Int

    var body: some View {
        HStack(spacing: 8) {
            Rectangle()
                .foregroundColor(Self.palette[index % Self.palette.count])
                .frame(width: 48, height: 48)
            VStack(alignment: .leading, spacing: 4) {
                Text("Post \(index)").font(.headline)
                Text("\(index % 60) minutes ago").font(.caption)
                ForEach(0 ..< detailLines) { line in
                    Text("Line \(line) of post \(index)").font(.caption)
                }
            }
            Spacer()
            Rectangle()
                .foregroundColor(Self.palette[(index + 2) % Self.palette.count])
                .frame(width: 80, height: 48)
        }
        .padding(8)
    }
}
