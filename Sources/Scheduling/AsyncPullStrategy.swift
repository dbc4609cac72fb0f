/// `async-pull`: once per tick the display-link (render) thread pulls the outputs under the
/// update lock, as OpenSwiftUI's async renderer does, when the async conditions of `Docs/WritingAScheduler.md`
/// hold: no pending transaction, host preference values exist (a dynamic container), and no dirty
/// node requires the main thread. Otherwise that frame falls back to the main thread, which
/// applies the pending transactions and renders.
///
/// Transactions are not applied when posted: they wait, as OpenSwiftUI's pending transactions do,
/// for the main thread's next render, and so force that frame onto the main thread. Every tick
/// tries the render thread first, so the strategy switches back as soon as the main thread has
/// rendered and nothing requires it any more.
public final class AsyncPullStrategy: UpdateStrategy {
    /// `"async-pull"`.
    public static let name = "async-pull"
    /// The strategy's registered name, `"async-pull"`.
    public var name: String { Self.name }

    /// Makes the strategy.
    public init() {}

    /// Keeps the transaction pending for the next main-thread render and requests a frame.
    public func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.enqueue(transaction)
        loop.requestFrame()
    }

    /// Tries the render thread; on a fallback reason, renders on the main thread.
    public func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        if let reason = frame.renderAsync() {
            loop.mainThread.post { frame.render(fallbackReason: reason) }
        }
    }
}
