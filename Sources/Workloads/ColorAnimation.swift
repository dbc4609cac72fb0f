import Scheduling
import Synchronization
import Views

/// `color-animation`: OpenSwiftUI's ``NoAsyncRenderExample`` repeated: one color animated between
/// blue and red, started again each time the animation is logically complete, so that it animates
/// for the whole run. The tree has no dynamic container, so no frame can render asynchronously.
public struct ColorAnimationWorkload: Workload {
    public let name = "color-animation"
    public let summary = "OpenSwiftUI's async-rendering example of a single animated color, restarted each second: a static tree that animates every frame but never renders asynchronously."

    /// The workload.
    public init() {}

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let stop = StopSignal()
        let host = ViewHost(rootView: RepeatingColorAnimation(stop: stop, isRunning: true), size: Size(width: 100, height: 100))
        // At the end of the active frames the color stops restarting and is set to a still one,
        // so that the run ends on the same screen under every strategy.
        let end = MainThreadEvent(frame: EventScript.activeFrames(of: frames).upperBound, name: "stop") { loop in
            stop.raise()
            host.setRootView(RepeatingColorAnimation(stop: stop, isRunning: false))
            loop.transaction("stop") { host.commitTransactions() }
        }
        return WorkloadInstance(showing: host, events: frames > 0 ? [end] : [])
    }
}

/// Tells a restarting animation to stop restarting.
final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Stops the restarts.
    func raise() { raised.store(true, ordering: .releasing) }

    /// Whether ``raise()`` was called.
    var isRaised: Bool { raised.load(ordering: .acquiring) }
}

/// ``NoAsyncRenderExample`` whose completion toggles the color again: the article's color, animation
/// and completion criteria, restarted each time the animation is logically complete (after 1 s),
/// until `stop` is raised. Once not running, a still purple. No dynamic container either way.
struct RepeatingColorAnimation: View {
    let stop: StopSignal
    let isRunning: Bool
    @State var showRed = false

    var body: some View {
        VStack {
            Color(red: isRunning ? (showRed ? 1 : 0) : 0.5, green: 0, blue: isRunning ? (showRed ? 0 : 1) : 0.5)
                .onAppear(perform: toggle)
        }
    }

    private func toggle() {
        guard !stop.isRaised else { return }
        let animation = Animation.linear(duration: 5).logicallyComplete(after: 1)
        withAnimation(animation, completionCriteria: .logicallyComplete) {
            showRed.toggle()
        } completion: {
            toggle()
        }
    }
}
