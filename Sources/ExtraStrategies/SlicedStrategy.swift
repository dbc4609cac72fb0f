import Constraints
import Scheduling

/// `sliced`: brings a frame up to date in slices on the main thread, giving the update lock and
/// the main thread back between slices so that events get in, and commits the frame only once its
/// update has finished; until then the previous frame stays on screen.
///
/// No UI framework this project compares does this, though React's scheduler yields every 5 ms
/// for the same reason. Hudson's lazy algorithm makes it safe: an update stopped between two
/// evaluations (``Constraints/Graph/update(_:before:on:)``) leaves every rule brought up to date
/// with its new value and every other one still marked, and the next slice continues with no
/// evaluation repeated.
///
/// On each tick the strategy posts a slice to the main thread. A slice takes the update lock,
/// sets the frame's inputs (``RenderTarget/prepareUpdate(at:)``) and updates the outputs for at
/// most ``sliceLength``; later slices of the same tick also stop at its deadline, ``safetyMargin``
/// before its target timestamp (the first always gets its full length, so that a busy main thread
/// cannot starve the update). If the update finished, the frame is rendered there (the render
/// finds everything up to date but what the frame's own time changes). Otherwise, before the
/// deadline, the next slice is posted behind the events that arrived meanwhile; at the deadline
/// the frame is skipped and the update continues at the next tick, with the inputs of the tick it
/// started at, so that an animation re-marking its nodes every tick cannot keep it from finishing.
/// It buys input latency with update latency: a long update no longer blocks events, and its
/// result shows only when it is complete.
///
/// Transactions are applied when posted (they mark; the next slice evaluates). A target that
/// cannot be updated in slices (its ``RenderTarget/prepareUpdate(at:)`` returns `nil`) is rendered
/// at once, as `lazy` does. Every slice runs on the main thread; rendering on the render thread
/// when the asynchronous conditions hold is not done.
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

    /// Posts the frame's first slice to the main thread.
    public func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post { self.slice(frame, loop: loop) }
    }

    /// The tick whose inputs an unfinished update is bringing up to date, between its slices.
    private let unfinishedTick = Protected<Tick?>(nil)

    /// What a slice left to do.
    private enum SliceOutcome {
        /// The outputs are up to date, or the target cannot be updated in slices: render now.
        case render
        /// Time ran out before the outputs were up to date.
        case unfinished
    }

    /// One slice of `frame`'s update, on the main thread; `isFirst` for the first slice of the frame.
    private func slice(_ frame: Frame, loop: FrameLoop, isFirst: Bool = true) {
        let deadline = frame.tick.targetTimestamp - safetyMargin
        let end = isFirst ? loop.now + sliceLength : min(deadline, loop.now + sliceLength)
        let updateTick = unfinishedTick.withLock { $0 } ?? frame.tick
        let outcome: SliceOutcome = loop.withLock {
            guard let outputs = loop.target.prepareUpdate(at: updateTick) else { return .render }
            return loop.target.graph.update(outputs) { loop.now < end } ? .render : .unfinished
        }
        switch outcome {
        case .render:
            unfinishedTick.withLock { $0 = nil }
            frame.render()
        case .unfinished:
            unfinishedTick.withLock { $0 = updateTick }
            if loop.now < deadline {
                loop.mainThread.post { self.slice(frame, loop: loop, isFirst: false) }
            } else {
                frame.skip()
                loop.requestFrame()
            }
        }
    }
}
