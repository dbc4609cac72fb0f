/// Decides *when* a render target's outputs are brought up to date and *on which thread*.
///
/// A strategy is told two things, and reacts with the ``FrameLoop``'s tools (its threads, its
/// update lock, the pending transactions, frame requests):
///
/// - ``transactionPosted(_:loop:)``: an event handler changed state. Called synchronously on the
///   thread that posted it (usually the main thread).
/// - ``displayLinkFired(_:loop:)``: a vsync arrived and a frame was requested. Called on the
///   display-link (render) thread. The strategy renders the ``Frame`` there, or posts it to another
///   thread, or skips it; until then later ticks are coalesced.
///
/// Strategies run unchanged under the real-time and the virtual clock as long as they touch the
/// graph only inside ``FrameLoop/withLock(_:)`` (or the frame's render methods) and move work
/// between threads only with ``FrameLoop/mainThread`` and ``FrameLoop/makeBackgroundThread(named:)``.
///
/// The simplest strategy, `lazy`, in full:
///
/// ```swift
/// final class LazyStrategy: UpdateStrategy {
///     let name = "lazy"
///     func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
///         loop.apply(transaction)          // mark only
///         loop.requestFrame()
///     }
///     func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
///         loop.mainThread.post { frame.render() }
///     }
/// }
/// ```
///
/// Register a strategy by name with ``StrategyRegistry/register(_:_:)``; see
/// `Docs/WritingAScheduler.md` for a worked example.
public protocol UpdateStrategy: AnyObject, Sendable {
    /// The name the strategy is registered under; reported in ``RunResult/strategy``.
    var name: String { get }

    /// An event handler posted `transaction` on the calling thread.
    func transactionPosted(_ transaction: Transaction, loop: FrameLoop)

    /// The display link fired and a frame was requested; called on the render thread.
    func displayLinkFired(_ frame: Frame, loop: FrameLoop)
}
