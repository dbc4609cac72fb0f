import Scheduling
import Views

/// `color-scheme`: a list of 2,100 views (300 rows of seven) whose host environment switches
/// between dark and light mode ten times a second. Texts and semantic colors re-resolve through
/// the environment; no body depends on the color scheme, so none is evaluated.
public struct ColorSchemeWorkload: Workload {
    public let name = "color-scheme"
    public var summary: String {
        "\(rows * 7) views switching between dark and light mode through the host environment: environment propagation with no body evaluation."
    }
    /// Number of rows, seven views each.
    public let rows: Int
    /// Color-scheme switches per second.
    public let togglesPerSecond: Double

    /// A list of `rows` rows (at least 1) switching color scheme `togglesPerSecond` times a second.
    public init(rows: Int = 300, togglesPerSecond: Double = 10) {
        self.rows = max(1, rows)
        self.togglesPerSecond = togglesPerSecond
    }

    /// `rows` (seven views each) and `switches-per-second`.
    public var loadParameters: [LoadParameter] {
        [
            LoadParameter(name: "rows", unit: "rows", summary: "rows of seven views", default: Double(rows), range: 10 ... 10_000,
                          sweep: [75, 150, 300, 600, 1_200, 2_400]),
            LoadParameter(name: "switches-per-second", unit: "switches per second", summary: "color-scheme switches per second",
                          default: togglesPerSecond, range: 1 ... 60, isWholeNumber: false, sweep: [2.5, 5, 10, 20, 30, 60]),
        ]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return parameter == "rows" ? ColorSchemeWorkload(rows: Int(value), togglesPerSecond: togglesPerSecond)
            : ColorSchemeWorkload(rows: rows, togglesPerSecond: value)
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: SchemeList(rows: rows), size: Size(width: 320, height: Double(rows) * SchemeRow.height))
        let toggles = EventScript.frames(of: frames, perSecond: togglesPerSecond, frameRate: frameRate)
        let events = toggles.enumerated().map { number, frame in
            let scheme: ColorScheme = number % 2 == 0 ? .dark : .light
            return MainThreadEvent(frame: frame, name: "color scheme") { loop in
                host.updateEnvironment { $0.colorScheme = scheme }
                loop.transaction("color scheme") { host.commitTransactions() }
            }
        }
        return WorkloadInstance(showing: host, events: events)
    }
}

/// A vertical list of rows that draw with semantic colors.
struct SchemeList: View {
    let rows: Int

    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< rows) { SchemeRow(index: $0) }
        }
    }
}

/// Seven views: the row, a stack, an accent-colored marker, two texts, a spacer and a background
/// color. Every color in it depends on the color scheme; its body does not.
struct SchemeRow: View, Equatable {
    static let height = 24.0
    let index: Int

    var body: some View {
        HStack {
            Color.accentColor.frame(width: 12, height: 12)
            Text("Item \(index)")
            Spacer()
            Text("detail")
        }
        .frame(height: Self.height)
        .background(Color.background)
    }
}
