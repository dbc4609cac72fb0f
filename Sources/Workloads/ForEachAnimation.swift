import Scheduling
import Views

/// `foreach-animation`: OpenSwiftUI's ``AsyncRenderExample``, a `ForEach` row sliding out over
/// 2 seconds when the view appears. To keep animating in longer runs, a fresh instance of the
/// example replaces the old one each time the slide has ended, as long as the new slide can end
/// before the run's last few frames. After the main thread applies the removal, the slide's frames
/// can render off the main thread.
public struct ForEachAnimationWorkload: Workload {
    public let name = "foreach-animation"
    public let summary = "OpenSwiftUI's async-rendering example of a ForEach row sliding out for 2 s, restarted when it ends: animation frames that can render off the main thread."

    /// The slide's length in seconds (`AsyncRenderExample`'s animation).
    static let slideSeconds = 2.0

    /// The workload.
    public init() {}

    public func makeInstance(frames: Int, frameRate: Double) -> WorkloadInstance {
        let host = ViewHost(rootView: RestartedAsyncRenderExample(generation: 0), size: Size(width: 200, height: 200))
        // A restart a few frames after the slide has ended; the new slide starts one frame later,
        // when the new instance's `onAppear` writes are applied.
        let slideFrames = Int((Self.slideSeconds * frameRate).rounded(.up))
        let period = slideFrames + 6
        let active = EventScript.activeFrames(of: frames)
        let restarts = active.filter { $0 > 0 && $0 % period == 0 && $0 + 1 + slideFrames < active.upperBound }
        let events = restarts.map { frame in
            MainThreadEvent(frame: frame, name: "restart") { loop in
                // A new root view is a host property, applied by the next main-thread frame; the
                // transaction asks the strategy for that frame.
                host.setRootView(RestartedAsyncRenderExample(generation: frame / period))
                loop.transaction("restart") { host.commitTransactions() }
            }
        }
        return WorkloadInstance(showing: host, events: events)
    }
}

/// One ``AsyncRenderExample`` per generation: a new generation replaces the example with a fresh
/// instance, whose row appears and slides out again.
struct RestartedAsyncRenderExample: View {
    let generation: Int

    var body: some View {
        ForEach([generation], id: \.self) { _ in
            AsyncRenderExample()
        }
    }
}
