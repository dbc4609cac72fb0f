import Scheduling
import Views
import Workloads

/// `toggles`: a grid of 400 switches (20 rows of 20), `flipsPerFrame` of which (5 unless a sweep
/// or `--load flips=N` sets it) flip in every frame, each flip its own tap and transaction, spread
/// over the frame interval.
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
    /// Switches flipped in every frame: the load parameter `flips`.
    var flipsPerFrame = 5

    var loadParameters: [LoadParameter] {
        [LoadParameter(name: "flips", unit: "flips per frame", summary: "switches flipped within each frame",
                       default: Double(flipsPerFrame), range: 1 ... 400, sweep: [1, 5, 20, 50, 100, 200])]
    }

    func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)      // an unknown name or a value out of range throws, naming both
        var workload = self
        workload.flipsPerFrame = Int(value)
        return workload                        // the same name: a sweep's points are one workload
    }

    func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: ToggleGrid(), size: Size(width: 400, height: 400))
        let count = Self.rows * Self.columns
        let interval = 1e9 / frameRate
        // A frame flips the switches of `flipsPerFrame` consecutive numbers times 57, modulo 400:
        // 57 has no common factor with 400, so up to 400 flips no switch is flipped twice within
        // one frame, and the next frame goes on from the next number.
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
