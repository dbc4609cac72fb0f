import Foundation
import Scheduling
import Views

/// `counter`: the talk's counter, a button counting its taps next to a greeting, tapped at a
/// steady rate. Each tap changes one `@State`; only the counter's body depends on it.
public struct CounterWorkload: Workload {
    public let name = "counter"
    public var summary: String {
        "The talk's counter tapped \(tapsPerSecond == 1 ? "once" : String(format: "%g", tapsPerSecond) + " times") a second: each tap re-evaluates the counter's body and the nodes below it, nothing else."
    }
    /// Taps per second (every frame if faster than the frame rate).
    public let tapsPerSecond: Double

    /// A counter tapped `tapsPerSecond` times a second.
    public init(tapsPerSecond: Double = 10) {
        self.tapsPerSecond = tapsPerSecond
    }

    /// `taps-per-second`.
    public var loadParameters: [LoadParameter] {
        [LoadParameter(name: "taps-per-second", unit: "taps per second", summary: "taps on the counter per second",
                       default: tapsPerSecond, range: 1 ... 60, isWholeNumber: false, sweep: [2.5, 5, 10, 20, 30, 60])]
    }

    public func setting(_ parameter: String, to value: Double) throws -> any Workload {
        try checkedLoad(parameter, value)
        return CounterWorkload(tapsPerSecond: value)
    }

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: CounterScreen(), size: Size(width: 320, height: 60))
        let taps = EventScript.frames(of: frames, perSecond: tapsPerSecond, frameRate: frameRate).map { frame in
            EventScript.tap(CounterButton.identifier, on: host, frame: frame)
        }
        return WorkloadInstance(showing: host, events: taps)
    }
}

/// The talk's first example: a counter next to a text that does not depend on it.
struct CounterScreen: View {
    var body: some View {
        HStack {
            CounterButton()
            Text("Hello, world")
        }
    }
}

/// A button whose label is the number of times it was tapped.
struct CounterButton: View {
    /// The button's accessibility identifier.
    static let identifier = "increment"
    @State var count = 0

    var body: some View {
        Button("\(count)") { count += 1 }
            .accessibilityIdentifier(Self.identifier)
    }
}
