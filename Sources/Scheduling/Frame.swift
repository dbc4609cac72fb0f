import Synchronization

/// A frame started by a display-link tick, handed to ``UpdateStrategy/displayLinkFired(_:loop:)``.
///
/// The strategy renders it on some thread with ``render(fallbackReason:)``, tries the render thread
/// with ``renderAsync()``, or drops it with ``skip()``. Until one of these completes it, the frame
/// is in flight and later ticks are coalesced. A frame released without being completed counts as
/// skipped, so a strategy that forgets one does not stall the display link.
public final class Frame: Sendable {
    /// The tick that started the frame.
    public let tick: Tick
    private let loop: FrameLoop
    private let completed = Atomic<Bool>(false)

    init(tick: Tick, loop: FrameLoop) {
        self.tick = tick
        self.loop = loop
    }

    deinit {
        if !isCompleted { loop.finishFrame(wantsNextFrame: false) }
    }

    /// Whether the frame was rendered or skipped.
    public var isCompleted: Bool { completed.load(ordering: .acquiring) }

    /// Renders the frame on the calling thread (meant for the main thread): under the update lock,
    /// applies the pending transactions, calls ``RenderTarget/render(at:)`` and records the frame's
    /// metrics. Does nothing if the frame was already completed.
    ///
    /// - Parameter fallbackReason: why the frame is rendered here rather than on the render thread,
    ///   if it fell back; reported in the run's fallback counts.
    public func render(fallbackReason: FallbackReason? = nil) {
        guard complete() else { return }
        let start = loop.clock.now
        let (evaluations, wantsNextFrame, shown) = loop.withLock {
            let graph = loop.target.graph
            let before = graph.statistics.evaluations
            loop.flushTransactions()
            loop.target.render(at: tick)
            loop.clock.chargeFrame()
            return (graph.statistics.evaluations - before, loop.target.wantsNextFrame, loop.takeAppliedEventDues())
        }
        loop.commit(tick, renderStart: start, evaluations: evaluations,
                    fallbackReason: fallbackReason, wantsNextFrame: wantsNextFrame, shownEventDues: shown)
    }

    /// Tries to render the frame on the calling thread (meant for the render thread), as
    /// OpenSwiftUI's `renderAsync` does: under the update lock, if no transaction is pending, asks
    /// ``RenderTarget/renderAsync(at:)``.
    ///
    /// - Returns: `nil` when the frame was rendered (or was already completed); otherwise why it
    ///   could not be, in which case the frame is still in flight and must be rendered elsewhere.
    public func renderAsync() -> FallbackReason? {
        guard !isCompleted else { return nil }
        let start = loop.clock.now
        let outcome: (reason: FallbackReason?, evaluations: Int, wantsNextFrame: Bool, shown: [Int64]) = loop.withLock {
            if loop.hasPendingTransactions { return (.pendingTransactions, 0, false, []) }
            let graph = loop.target.graph
            let before = graph.statistics.evaluations
            if case .declined(let reason) = loop.target.renderAsync(at: tick) { return (reason, 0, false, []) }
            loop.clock.chargeFrame()
            return (nil, graph.statistics.evaluations - before, loop.target.wantsNextFrame, loop.takeAppliedEventDues())
        }
        if let reason = outcome.reason { return reason }
        guard complete() else { return nil }
        loop.commit(tick, renderStart: start, evaluations: outcome.evaluations,
                    fallbackReason: nil, wantsNextFrame: outcome.wantsNextFrame, shownEventDues: outcome.shown)
        return nil
    }

    /// Completes the frame without rendering it. Does nothing if it was already completed.
    public func skip() {
        guard complete() else { return }
        loop.clock.atCommit { [loop] in loop.finishFrame(wantsNextFrame: false) }
    }

    /// Marks the frame completed; returns `false` if it already was.
    private func complete() -> Bool {
        completed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
