/// `eager`: after every transaction, everything observed that is out of date is brought up to
/// date at once, on the thread that made the change. Each tick renders on the main thread, which
/// only has the time-driven work left to do.
///
/// k changes in one frame cost k evaluation passes; this is the baseline that lazy evaluation
/// improves on.
public final class EagerStrategy: UpdateStrategy {
    /// `"eager"`.
    public static let name = "eager"
    /// The strategy's registered name, `"eager"`.
    public var name: String { Self.name }

    /// Makes the strategy.
    public init() {}

    /// Applies the transaction and brings the outputs up to date on the calling thread, then requests a frame.
    public func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.withLock {
            loop.apply(transaction)
            loop.target.updateOutputs()
        }
        loop.requestFrame()
    }

    /// Renders the frame on the main thread.
    public func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post { frame.render() }
    }
}
