/// `lazy`: a transaction only marks; once per display-link tick the main thread pulls the
/// outputs, so several changes within one frame cost one evaluation pass, and a rule no output
/// reads never runs.
public final class LazyStrategy: UpdateStrategy {
    /// `"lazy"`.
    public static let name = "lazy"
    /// The strategy's registered name, `"lazy"`.
    public var name: String { Self.name }

    /// Makes the strategy.
    public init() {}

    /// Applies the transaction (marks only) and requests a frame.
    public func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.apply(transaction)
        loop.requestFrame()
    }

    /// Renders the frame on the main thread.
    public func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post { frame.render() }
    }
}
