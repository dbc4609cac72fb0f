import Scheduling
import Views

/// A tappable counter above `rows` static rows of text. The counter's button moves right as the
/// count grows, with an animation if `animated`.
struct CounterList: View {
    let rows: Int
    let animated: Bool
    @State private var count = 0

    var body: some View {
        VStack(spacing: 4) {
            Button("Count \(count)") { count += 1 }
                .accessibilityIdentifier("increment")
                .offset(x: Double(count) * 10)
                .animation(animated ? .easeInOut(duration: 0.1) : nil, value: count)
            ForEach(0 ..< rows) { row in
                Text("Row \(row)")
            }
        }
    }
}

/// A host of a ``CounterList``.
func counterListHost(rows: Int, animated: Bool) -> ViewHost<CounterList> {
    ViewHost(rootView: CounterList(rows: rows, animated: animated), size: Size(width: 300, height: 2_000))
}

/// Taps on the counter in the frames `frames` (two taps in one frame are 1 ms apart), each posting
/// the transaction that applies its state write.
func taps(on host: ViewHost<CounterList>, frames: [Int]) -> [MainThreadEvent] {
    frames.enumerated().map { index, frame in
        MainThreadEvent(frame: frame, offset: .milliseconds(1 + index), name: "tap") { loop in
            host.tap("increment")
            loop.transaction("tap") { host.commitTransactions() }
        }
    }
}
