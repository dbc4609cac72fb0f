import Scheduling
import Views

/// The pieces workloads write their scripts of main-thread events with: which frames of a run
/// act, and taps on a view host posted as transactions.
///
/// ```swift
/// let taps = EventScript.frames(of: frames, perSecond: 5, frameRate: frameRate).map { frame in
///     EventScript.tap("increment", on: host, frame: frame)
/// }
/// return WorkloadInstance(showing: host, events: taps)
/// ```
public enum EventScript {
    /// The frames in which a script acts: all but the last 5 % of the run (at least 2 frames), so
    /// that the run's last frames show, under every strategy, the state the script leaves.
    public static func activeFrames(of frames: Int) -> Range<Int> {
        0 ..< max(0, frames - max(2, frames / 20))
    }

    /// The active frames of a run of `frames` frames at `frameRate` at which something that
    /// happens `perSecond` times a second happens: every frame if that is faster than the frame
    /// rate, none if `perSecond` is not positive.
    public static func frames(of frames: Int, perSecond: Double, frameRate: Double) -> [Int] {
        guard perSecond > 0 else { return [] }
        let interval = max(1, (frameRate / perSecond).rounded())
        return activeFrames(of: frames).filter { Double($0).truncatingRemainder(dividingBy: interval) == 0 }
    }

    /// An event arriving `offset` into `frame` that taps the button `identifier` of `host` and posts
    /// the state writes of the tap to the frame loop as a transaction. A tap that finds no such
    /// button, or a disabled one, is reported to the loop (``Scheduling/FrameLoop/reportMiss(_:)``,
    /// with the host's diagnostic), which makes the run an error of the workload, and posts nothing.
    public static func tap<Root: View & SendableMetatype>(_ identifier: String, on host: ViewHost<Root>, frame: Int, offset: Duration = .zero) -> MainThreadEvent {
        MainThreadEvent(frame: frame, offset: offset, name: "tap \(identifier)") { loop in
            guard host.tap(identifier) else {
                let diagnostic = host.diagnostics.last?.description ?? "No button '\(identifier)'"
                loop.reportMiss(diagnostic.prefix(1).lowercased() + diagnostic.dropFirst())
                return
            }
            loop.transaction("tap \(identifier)") { host.commitTransactions() }
        }
    }
}

extension WorkloadInstance {
    /// An instance running `host` (through `target`, a wrapper of the host, if given), whose first
    /// frame is rendered here, at time 0, so that a run measures updates rather than building the
    /// tree. The output compared across strategies is the host's root display list.
    public init<Root: View & SendableMetatype>(showing host: ViewHost<Root>, through target: (any RenderTarget)? = nil, events: [MainThreadEvent]) {
        host.render(at: 0)
        self.init(target: target ?? host, events: events) { host.displayList }
    }
}
