import Scheduling

/// `workflow`: Square Workflow's render pass. Every state change re-renders the whole tree from the
/// root, with no memoisation, synchronously on the thread that made the change; frames then only
/// present what is already up to date (and whatever depends on the frame's time).
///
/// Workflow's host calls `render()` on the root node after every action, which calls `render` on
/// every child workflow, down to the leaves, and the new rendering replaces the old one. Here the
/// same pass is ``Graph/invalidateAll()`` (every rule must run again, whatever changed) followed
/// by ``RenderTarget/updateOutputs()``: every rule the outputs read runs once, so for a view host
/// every body, layout and display-list node re-runs. A change costs as many evaluations as the
/// observed tree has rules, however small the change: the baseline that incremental evaluation is
/// measured against (the README's strategy comparison, issue 5's `wide-list` and `deep-tree`).
///
/// The strategy uses only the public protocol: ``FrameLoop/withLock(_:)``, ``FrameLoop/apply(_:)``
/// and ``FrameLoop/requestFrame()`` on the changing thread, and ``Frame/render(fallbackReason:)``
/// on the main thread.
public final class WorkflowStrategy: UpdateStrategy {
    /// `"workflow"`.
    public static let name = "workflow"
    /// The strategy's registered name, `"workflow"`.
    public var name: String { Self.name }

    /// Makes the strategy.
    public init() {}

    /// Applies the transaction and re-renders the whole tree on the calling thread, then requests
    /// a frame to present it.
    public func transactionPosted(_ transaction: Transaction, loop: FrameLoop) {
        loop.withLock {
            loop.apply(transaction)
            loop.target.graph.invalidateAll()
            loop.target.updateOutputs()
        }
        loop.requestFrame()
    }

    /// Presents the frame on the main thread.
    public func displayLinkFired(_ frame: Frame, loop: FrameLoop) {
        loop.mainThread.post { frame.render() }
    }
}
