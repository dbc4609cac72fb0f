import Constraints
import Scheduling

/// A view host is what the scheduling strategies bring up to date: its root display list is the
/// observed output, and its asynchronous-rendering conditions are OpenSwiftUI's.
///
/// Event handlers run on the main thread (``ViewHost/tap(_:)``, ``ViewHost/perform(_:)``) and
/// queue their `@State` writes in the host; post ``commitTransactionsTransaction(named:)`` to the
/// frame loop so that the strategy decides when those writes are applied.
extension ViewHost: RenderTarget {
    public func render(at tick: Tick) {
        render(at: tick.time)
    }

    public func renderAsync(at tick: Tick) -> AsyncRenderOutcome {
        graph.withLock { tryRenderAsync(at: tick.time).map { .declined($0.fallbackReason) } ?? .rendered }
    }

    /// Applies the host's pending changes and sets the time, as a render does first; returns the
    /// nodes the render brings up to date, children before their containers (``SlicedUpdateOrder``):
    /// the layouts of the rows of every list (a container of a `ForEach`) and of the list, deepest
    /// first, and the root layout, then the display lists in the same order, ending with the root
    /// display list.
    ///
    /// Returning only the root display list would leave nothing to slice: the root reads the whole
    /// tree, and once the update runs it, every row is brought up to date inside that run, which
    /// cannot stop. In this order an update can stop between two rows, and the root's run finds
    /// them up to date. The cost: each list's rows are first reconciled with its data here (rows
    /// made and destroyed, before the update, so that no listed row is destroyed under it), and the
    /// list of nodes is made anew at each call (two handles per row). Once no listed row's layout
    /// is out of date, the graph's effects are flushed here, so that lists see their rows' layouts
    /// (``ElementLayoutWatch``).
    public func prepareUpdate(at tick: Tick) -> [any GraphNode]? {
        graph.withLock {
            applyPendingChanges()
            context.time.value = tick.time
            return context.updateOrder.nodes(rootLayout: rootLayout, rootDisplayList: rootDisplayList, graph: graph)
        }
    }

    /// When the host could render asynchronously (``asyncBlocker`` is `nil` and, at the tick's
    /// time, nothing out of date below the root requires the main thread), what
    /// ``prepareUpdate(at:)`` returns; otherwise `nil`.
    public func prepareAsyncUpdate(at tick: Tick) -> [any GraphNode]? {
        graph.withLock { asyncBlocker(at: tick.time) == nil ? prepareUpdate(at: tick) : nil }
    }

    /// Flushes the graph's effects and pulls the root display list (the `eager` strategy calls
    /// this after every change).
    public func updateOutputs() {
        graph.withLock {
            graph.flush()
            _ = rootDisplayList.value
        }
    }

    /// A frame is wanted before the first one, while an animation runs, and while main-thread
    /// work (`onAppear`, completions, queued writes) waits.
    public var wantsNextFrame: Bool {
        graph.withLock { !hasRenderedOnMainThread || context.runningAnimations > 0 || hasMainThreadWork }
    }

    /// Applies the `@State` writes queued by event handlers, as one batch. This is what a frame
    /// loop transaction posted after an event does.
    public func commitTransactions() {
        graph.withLock { context.commitPendingWrites() }
    }

    /// A loop transaction that applies the writes queued by the event handlers run so far.
    public func commitTransactionsTransaction(named name: String) -> Transaction {
        let context = self.context
        return Transaction(name) { context.graph.withLock { context.commitPendingWrites() } }
    }
}

extension AsyncBlocker {
    /// The scheduling layer's name for this reason.
    public var fallbackReason: FallbackReason {
        switch self {
        case .firstFrame: .firstFrame
        case .noDynamicContainer: .noDynamicContainer
        case .pendingTransactions: .pendingTransactions
        case .pendingHostProperties: .hostPropertiesPending
        case .requiresMainThread: .mainThreadRequired
        }
    }
}
