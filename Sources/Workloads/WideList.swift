import Scheduling
import Views

/// `wide-list`: a list of keyed rows (1,000 by default) in which one row's `@State` changes per
/// frame, a different row each time (Workflow's wide and shallow case). The work per change must
/// not grow with the list.
public struct WideListWorkload: Workload {
    public let name = "wide-list"
    public var summary: String {
        "A ForEach of \(rows) keyed rows, one row's state changing per frame: the work per change must not grow with the list."
    }
    /// Number of rows.
    public let rows: Int

    /// A list of `rows` rows (at least 1).
    public init(rows: Int = 1_000) {
        self.rows = max(1, rows)
    }

    /// `rows`.
    public var loadParameters: [LoadParameter] {
        [LoadParameter(name: "rows", unit: "rows", summary: "keyed rows of the list", default: Double(rows),
                       range: 10 ... 32_000, sweep: [60, 125, 250, 500, 1_000, 2_000])]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return WideListWorkload(rows: Int(value))
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: WideList(rows: rows), size: Size(width: 320, height: Double(rows) * WideListRow.height))
        // Visit the rows in a scattered order: 37 has no common factor with 100 or 1,000.
        let events = EventScript.activeFrames(of: frames).map { frame in
            EventScript.tap(WideListRow.identifier(of: frame * 37 % rows), on: host, frame: frame)
        }
        return WorkloadInstance(showing: host, events: events)
    }
}

/// A vertical list of selectable rows, keyed by index.
struct WideList: View {
    let rows: Int

    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< rows) { WideListRow(index: $0) }
        }
    }
}

/// A row with a selection marker, a title and a button that toggles the row's own selection.
/// Selecting changes the marker's color only, not the row's layout.
struct WideListRow: View, Equatable {
    static let height = 20.0
    let index: Int
    @State var isSelected = false

    /// The identifier of the button of row `index`.
    static func identifier(of index: Int) -> String { "row-\(index)" }

    var body: some View {
        HStack {
            (isSelected ? Color.blue : Color.gray).frame(width: 8, height: 8)
            Text("Row \(index)")
            Spacer()
            Button("Select") { isSelected.toggle() }
                .accessibilityIdentifier(Self.identifier(of: index))
        }
        .frame(height: Self.height)
    }
}
