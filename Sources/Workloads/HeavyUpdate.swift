import Scheduling
import Views

/// `heavy-update`: a spinner animating every frame above a large list while taps arrive (every
/// 200 ms by default), alternately switching the list's theme (every row's colors) and its content
/// (every row's texts), and a finger on the screen delivers a touch event every frame. Each tap's
/// update costs several frame intervals of evaluation, the case `sliced` is for: a strategy that
/// updates in one piece holds the main thread, and the touches wait, for the whole update.
///
/// The list is sized by its evaluation count: a switch re-evaluates about ``evaluationsPerRow``
/// rules per row, so the default 2,000 rows make about 66,000 evaluations per tap, which take
/// about 1 µs each on the real clock of the machine the project was measured on (2 cores): some
/// 65–75 ms, four 60 Hz frame intervals, and as much on the virtual clock with the cost profile
/// calibrated there. On a faster machine, or with a cheaper view layer, pass more `rows` so that
/// a switch stays above three frame intervals. Texts keep their length across switches, so no
/// switch changes the layout: every row is re-evaluated, but no frame is moved.
///
/// Why taps every 200 ms and not 100: with a tap every 100 ms, `sliced` never finishes an update
/// on the real clock before the next tap marks every row again, and no frame commits (measured
/// here: 0 frames in 42, while its input latency p99 stays about 12 ms). An instrumented run
/// showed slices filling about 14 ms of each 16.7 ms frame interval, on the main thread (a
/// switch re-evaluates row bodies, which require it), so slicing time alone does not explain it:
/// every slice also prepares the list of nodes it hands to the graph (every row), a cost the
/// virtual clock charges per node requested (``CostModel/perNodeRequested``). That limit is real;
/// it is not what this workload is for.
/// `tapsPerSecond: 10` shows it.
///
/// The touches are what waits: a tap's own update is over before the next tap, so taps alone
/// would never find the main thread busy. A touch (0.5 ms of handler work, half-way through every
/// frame) falls inside every long update, and its input latency is the time that update holds the
/// main thread, or, under `sliced`, at most a slice.
public struct HeavyUpdateWorkload: Workload {
    /// `"heavy-update"`.
    public let name = "heavy-update"
    /// One sentence naming the list's size and the evaluations of a switch.
    public var summary: String {
        "A spinner animating over \(rows) rows whose theme or content a tap switches every \(Int((1_000 / tapsPerSecond).rounded())) ms (about \(rows * Self.evaluationsPerRow) evaluations each) while touches arrive every frame: updates longer than a frame."
    }
    /// Number of rows of the list.
    public let rows: Int
    /// Taps per second, alternately switching the theme and the content.
    public let tapsPerSecond: Double
    /// The main-thread work of each touch event (hit-testing a moving finger), one per frame.
    public let touchCost: Duration

    /// Rules a theme or content switch re-evaluates per row (measured; the list's own few are not
    /// counted).
    public static let evaluationsPerRow = 33

    /// A list of `rows` rows (at least 1) switched `tapsPerSecond` times a second, with a touch
    /// costing `touchCost` (at least 0) every frame.
    public init(rows: Int = 2_000, tapsPerSecond: Double = 5, touchCost: Duration = .microseconds(500)) {
        self.rows = max(1, rows)
        self.tapsPerSecond = tapsPerSecond
        self.touchCost = max(.zero, touchCost)
    }

    /// `rows` and `taps-per-second`.
    public var loadParameters: [LoadParameter] {
        [
            LoadParameter(name: "rows", unit: "rows", summary: "rows of the list a tap switches",
                          default: Double(rows), range: 50 ... 32_000, sweep: [250, 500, 1_000, 2_000, 4_000, 8_000]),
            LoadParameter(name: "taps-per-second", unit: "taps per second", summary: "taps switching the list per second",
                          default: tapsPerSecond, range: 1 ... 30, isWholeNumber: false, sweep: [1, 2.5, 5, 7.5, 10, 15]),
        ]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return parameter == "rows" ? HeavyUpdateWorkload(rows: Int(value), tapsPerSecond: tapsPerSecond, touchCost: touchCost)
            : HeavyUpdateWorkload(rows: rows, tapsPerSecond: value, touchCost: touchCost)
    }

    /// A fresh list on screen, with the taps (one every `1 / tapsPerSecond` s of the active
    /// frames, 1 ms into its frame) and the touches (every active frame, half-way through it).
    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let spin = Double(EventScript.activeFrames(of: frames).count) / frameRate
        let host = ViewHost(rootView: HeavyUpdateScreen(rows: rows, spinDuration: spin),
                            size: Size(width: 320, height: Double(rows) * HeavyUpdateRow.height + 40))
        let taps = EventScript.frames(of: frames, perSecond: tapsPerSecond, frameRate: frameRate).enumerated().map { number, frame in
            let button = number % 2 == 0 ? HeavyUpdateScreen.themeButton : HeavyUpdateScreen.contentButton
            return EventScript.tap(button, on: host, frame: frame, offset: .milliseconds(1))
        }
        // Half-way through each frame interval, so that touches fall inside long updates.
        let touchOffset = Duration.nanoseconds(Int64(0.5e9 / frameRate))
        let touches = EventScript.activeFrames(of: frames).map { frame in
            MainThreadEvent(frame: frame, offset: touchOffset, cost: touchCost, name: "touch")
        }
        return WorkloadInstance(showing: host, events: taps + touches)
    }
}

/// The spinner, two buttons and the list.
struct HeavyUpdateScreen: View {
    /// The identifier of the button switching the theme.
    static let themeButton = "theme"
    /// The identifier of the button switching the content.
    static let contentButton = "content"
    let rows: Int
    let spinDuration: Double
    @State var theme = 0
    @State var edition = 0

    var body: some View {
        VStack(spacing: 0) {
            HStack {
                Spinner(duration: spinDuration)
                Button("Theme") { theme += 1 }.accessibilityIdentifier(Self.themeButton)
                Button("Content") { edition += 1 }.accessibilityIdentifier(Self.contentButton)
            }
            ForEach(0 ..< rows) { HeavyUpdateRow(index: $0, theme: theme, edition: edition) }
        }
    }
}

/// A dot sweeping across once, over `duration` seconds from its appearance: it changes every frame.
struct Spinner: View {
    let duration: Double
    @State var isAtEnd = false

    var body: some View {
        Color.accentColor.frame(width: 12, height: 12)
            .offset(x: isAtEnd ? 100 : -100)
            .animation(.linear(duration: duration), value: isAtEnd)
            .onAppear { isAtEnd = true }
    }
}

/// A row drawn in one of two themes, showing words that change with the list's edition; every
/// word has five letters, so that the row's layout never changes.
struct HeavyUpdateRow: View, Equatable {
    static let height = 20.0
    private static let words = ["amber", "birch", "cedar", "delta", "ember", "flint", "grove"]
    let index: Int
    let theme: Int
    let edition: Int

    private var isDark: Bool { theme % 2 == 1 }
    private func word(_ offset: Int) -> String { Self.words[(index + edition + offset) % Self.words.count] }

    var body: some View {
        HStack {
            (isDark ? Color.orange : Color.blue).frame(width: 8, height: 8)
            Text(word(0)).foregroundColor(isDark ? .white : .black)
            Spacer()
            Text(word(3)).foregroundColor(isDark ? .gray : .black)
            (isDark ? Color.green : Color.red).frame(width: 16, height: 8)
        }
        .frame(height: Self.height)
        .background(isDark ? Color.black : Color.white)
    }
}
