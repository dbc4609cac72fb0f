import Constraints
import Scheduling

/// `sliced`: brings a frame up to date in slices, giving the update lock (and, on the main thread,
/// the thread) back between slices so that events get in, and commits the frame only once its
/// update has finished; until then the previous frame stays on screen.
///
/// No UI framework this project compares does this, though React's scheduler yields every 5 ms
/// for the same reason. Hudson's lazy algorithm makes it safe: an update stopped between two
/// evaluations (``Constraints/Graph/update(_:before:on:)``) leaves every rule brought up to date
/// with its new value and every other one still marked, and the next slice continues with no
/// evaluation repeated.
///
/// On each tick the strategy starts the frame's slices. A slice takes the update lock, sets the
/// frame's inputs and updates the target's nodes for at most ``sliceLength``; later slices of the
/// same tick also stop at its deadline, ``safetyMargin`` before its target timestamp (the first
/// always gets its full length, so that a busy thread cannot starve the update). If the update
/// finished, the frame is rendered there (the render finds everything up to date but what the
/// frame's own time changes). Otherwise, before the deadline, the next slice is posted behind the
/// jobs that arrived meanwhile; at the deadline the frame is skipped and the update continues at
/// the next tick, with the inputs of the tick it started at, so that an animation re-marking its
/// nodes every tick cannot keep it from finishing. It buys input latency with update latency: a
/// long update no longer blocks events, and its result shows only when it is complete.
///
/// Where a slice runs: on a render thread of the strategy's own while the asynchronous conditions
/// hold (``RenderTarget/prepareAsyncUpdate(at:)``: nothing out of date requires the main thread),
/// so that the main thread stays free and events wait at most one slice for the lock; otherwise,
/// from that slice on, on the main thread (``RenderTarget/prepareUpdate(at:)``), which is then
/// given back between slices too. A finished update off the main thread is committed with
/// ``Scheduling/Frame/renderAsync()``; if that declines, the main thread renders the frame, still
/// in slices, since an event that reaches the main thread first may have marked the nodes again
/// (if those slices pass the deadline, the frame is skipped like any unfinished one, and its
/// fallback is not counted). An update is finished when the target, prepared again, hands out
/// nothing out of date (``Constraints/GraphNode/isUpToDate``).
///
/// Transactions are applied when posted (they mark; the next slice evaluates). A target that
/// cannot be updated in slices (both its prepare methods return `nil`) is rendered at once, on the
/// main thread, as `lazy` does. An instance keeps the state of the loop it serves: give each frame
/// loop its own (the registry makes one per loop).
public final class SlicedStrategy: UpdateStrategy {
    /// `"sliced"`.
    public static let name = "sliced"
    /// The strategy's registered name, `"sliced"`.
    public var name: String { Self.name }
    /// The longest one slice holds the update lock.
    public let sliceLength: Duration
    /// How long before a tick's target timestamp the last slice of that tick ends: the time left
    /// for rendering and committing the frame.
    public let safetyMargin: Duration

    /// A strategy slicing updates into slices of `sliceLength`, the last ending `safetyMargin`
    /// before the frame's deadline. The defaults, 4 ms and 2 ms, suit 60 Hz.
    public init(sliceLength: Duration = .milliseconds(4), safetyMargin: Duration = .milliseconds(2)) {
        self.sliceLength = sliceLength
        self.safetyMargin = safetyMargin
    }

    /// Applies the transaction (it marks) and requests a frame.
    public func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        loop.requestFrame()
    }

    /// Runs the frame's first slice off the main thread (it moves to the main thread if the
    /// asynchronous conditions do not hold).
    public func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        slice(frame, loop: loop, onMainThread: false, isFirst: true, fallbackReason: nil)
    }

    /// The tick whose inputs an unfinished update is bringing up to date, between its slices.
    private let unfinishedTick = Protected<Tick?>(nil)
    /// The thread the slices off the main thread run on, made at the first frame.
    private let renderThread = Protected<(any LoopThread)?>(nil)

    /// What a slice left to do.
    private enum SliceOutcome {
        /// The nodes are up to date, or the target cannot be updated in slices: render now.
        case render
        /// Time ran out before the nodes were up to date.
        case unfinished
        /// The asynchronous conditions do not hold: continue on the main thread.
        case needsMainThread
    }

    /// One slice of `frame`'s update, on the main thread or off it; `isFirst` for the first slice
    /// of the frame; `fallbackReason` once the render thread's render of the frame declined.
    private func slice(_ frame: Frame, loop: FrameLoop, onMainThread: Bool, isFirst: Bool, fallbackReason: FallbackReason?) {
        let deadline = frame.tick.targetTimestamp - safetyMargin
        let end = isFirst ? loop.now + sliceLength : min(deadline, loop.now + sliceLength)
        let updateTick = unfinishedTick.withLock { $0 } ?? frame.tick
        let outcome: SliceOutcome = loop.withLock {
            let target = loop.target
            func prepare() -> [any GraphNode]? {
                onMainThread ? target.prepareUpdate(at: updateTick) : target.prepareAsyncUpdate(at: updateTick)
            }
            // Once the nodes are up to date the target may have more to hand out (a view host's
            // lists learn that rows changed size only from effects it runs then): the update is
            // finished when preparing again brings nothing out of date.
            var prepared = prepare()
            while let nodes = prepared {
                guard target.graph.update(nodes, continuingWhile: { loop.now < end }) else { return .unfinished }
                prepared = prepare()
                if prepared?.allSatisfy(\.isUpToDate) == true { return .render }
            }
            return onMainThread ? .render : .needsMainThread
        }
        switch outcome {
        case .render:
            unfinishedTick.withLock { $0 = nil }
            if onMainThread {
                frame.render(fallbackReason: fallbackReason)
            } else if let reason = frame.renderAsync() {
                // On the main thread, still in slices: an event that gets in first (a tap
                // re-marking the list) must not turn this render into a whole update there.
                loop.mainThread.post { self.slice(frame, loop: loop, onMainThread: true, isFirst: false, fallbackReason: reason) }
            }
        case .needsMainThread:
            loop.mainThread.post { self.slice(frame, loop: loop, onMainThread: true, isFirst: isFirst, fallbackReason: fallbackReason) }
        case .unfinished:
            unfinishedTick.withLock { $0 = updateTick }
            if loop.now < deadline {
                let thread = onMainThread ? loop.mainThread : sliceThread(of: loop)
                thread.post { self.slice(frame, loop: loop, onMainThread: onMainThread, isFirst: false, fallbackReason: fallbackReason) }
            } else {
                frame.skip()
                loop.requestFrame()
            }
        }
    }

    /// The strategy's render thread (its jobs report ``Scheduling/ThreadRole/render``).
    private func sliceThread(of loop: FrameLoop) -> any LoopThread {
        renderThread.withLock { thread in
            if let thread { return thread }
            let made = loop.makeBackgroundThread(named: ThreadRole.render.rawValue)
            thread = made
            return made
        }
    }
}
