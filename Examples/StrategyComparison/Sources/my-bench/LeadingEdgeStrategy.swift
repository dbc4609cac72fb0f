import Scheduling

/// `leading-edge`: the first change after each rendered frame is brought up to date at once, on
/// the thread that made it (as `eager` does), so a lone tap is evaluated without waiting for the
/// vsync; the changes that follow it before the next frame only mark (as `lazy` does) and are
/// evaluated together when the frame renders on the main thread.
///
/// A "leading-edge throttle": it bets that the first change of a frame is the one a user waits
/// for, and that later ones in the same frame are a burst worth coalescing.
final class LeadingEdgeStrategy: UpdateStrategy {
    /// The name the comparison lists it under.
    static let name = "leading-edge"
    var name: String { Self.name }

    /// Whether a change was brought up to date eagerly since the last rendered frame. The
    /// strategy's methods are called from the main and the display-link threads, so the flag is
    /// behind a lock (`Protected`, which the thread sanitizer understands).
    private let evaluatedSinceFrame = Protected(false)

    func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        let isFirstSinceFrame = evaluatedSinceFrame.withLock { evaluated in
            defer { evaluated = true }
            return !evaluated
        }
        loop.withLock {
            loop.apply(transaction)
            if isFirstSinceFrame { loop.target.updateOutputs() }
        }
        loop.requestFrame()
    }

    func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post { [evaluatedSinceFrame] in
            frame.render()
            evaluatedSinceFrame.withLock { $0 = false }
        }
    }
}
