import Scheduling
import Views
import Workloads

/// `toggles`: a grid of 400 switches (20 rows of 20), 5 of which flip in every frame, each flip
/// its own tap and transaction, spread over the frame interval.
///
/// It sits between `wide-list` (one change per frame) and `burst-k` (k changes of one counter): k
/// changes per frame, each in a different part of the tree, so coalescing saves less than on a
/// burst and the work per frame grows with k, not with the grid.
struct TogglesWorkload: Workload {
    let name = "toggles"
    var summary: String {
        "\(Self.rows * Self.columns) switches in a grid, \(flipsPerFrame) flipping within every frame: coalescing changes spread over the tree."
    }

    static let rows = 20
    static let columns = 20
    /// Switches flipped in every frame.
    let flipsPerFrame = 5

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: ToggleGrid(), size: Size(width: 400, height: 400))
        let count = Self.rows * Self.columns
        let interval = 1e9 / frameRate
        // Every frame flips a different set of switches: 7 steps of 57 cover the grid, since 57
        // has no common factor with 400, so no switch is flipped twice within one frame.
        let taps = EventScript.activeFrames(of: frames).flatMap { frame in
            (0 ..< flipsPerFrame).map { index in
                let toggle = (frame * flipsPerFrame + index) * 57 % count
                let offset = Duration.nanoseconds(Int64(interval * Double(index) / Double(flipsPerFrame)))
                return EventScript.tap(ToggleCell.identifier(of: toggle), on: host, frame: frame, offset: offset)
            }
        }
        return WorkloadInstance(showing: host, events: taps)
    }
}

/// 20 rows of 20 switches.
struct ToggleGrid: View {
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< TogglesWorkload.rows) { row in
                HStack(spacing: 0) {
                    ForEach(0 ..< TogglesWorkload.columns) { column in
                        ToggleCell(index: row * TogglesWorkload.columns + column)
                    }
                }
            }
        }
    }
}

/// One switch: a button whose color says whether it is on.
struct ToggleCell: View, Equatable {
    let index: Int
    @State var isOn = false

    /// The identifier of the button of switch `index`.
    static func identifier(of index: Int) -> String { "toggle-\(index)" }

    var body: some View {
        Button("") { isOn.toggle() }
            .background(isOn ? Color.green : Color.gray)
            .frame(width: 20, height: 20)
            .accessibilityIdentifier(Self.identifier(of: index))
    }
}
