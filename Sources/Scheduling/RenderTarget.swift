/// What an update strategy brings up to date: a graph and the outputs observed from it (a view
/// host and its root display list, or a ``GraphTarget``).
///
/// The frame loop calls every method with the graph's update lock held (``FrameLoop/withLock(_:)``),
/// after applying the pending transactions, so an implementation reads and writes its graph freely.
/// Which thread calls which method is the strategy's choice; ``renderAsync(at:)`` is the one meant
/// for the render thread.
public protocol RenderTarget: AnyObject, Sendable {
    /// The graph holding the target's nodes.
    var graph: Graph { get }

    /// Renders the frame of `tick` on the main thread: sets the time and host inputs, then brings
    /// the observed outputs up to date.
    func render(at tick: Tick)

    /// Tries to render the frame of `tick` off the main thread (OpenSwiftUI's `renderAsync`):
    /// sets the time, then, if nothing requires the main thread (the root output allows an async
    /// update, host preference values exist, no host property waits), brings the outputs up to date
    /// and returns ``AsyncRenderOutcome/rendered``. Otherwise it pulls nothing and declines with
    /// the reason; the frame then falls back to the main thread.
    func renderAsync(at tick: Tick) -> AsyncRenderOutcome

    /// Brings the observed outputs up to date without starting a frame (the `eager` strategy calls
    /// this after every change).
    func updateOutputs()

    /// Whether the target wants another frame after the one it just rendered (an animation is
    /// running). Read right after each render.
    var wantsNextFrame: Bool { get }

    /// Sets the inputs of the frame of `tick` (the time, and what the main thread applies before
    /// a render), bringing up to date nothing but what decides which nodes to return (a view host
    /// reconciles its lists' rows), and returns the nodes its render brings up to date; called on
    /// the main thread under the update lock. A strategy can then update them
    /// in slices (``Constraints/Graph/update(_:before:on:)``) before it renders the frame, whose
    /// render finds them up to date. `nil` (the default) when the target cannot be updated so.
    func prepareUpdate(at tick: Tick) -> [any GraphNode]?

    /// ``prepareUpdate(at:)`` for an update off the main thread, called on the render thread under
    /// the update lock: when the conditions of ``renderAsync(at:)`` hold (nothing out of date
    /// requires the main thread, nothing waits to be applied on it), sets the frame's time and
    /// returns the nodes to bring up to date; otherwise returns `nil` (having set at most the
    /// time, as ``renderAsync(at:)`` does when it declines), and the update belongs on the main
    /// thread. `nil` (the default) when the target cannot be updated so.
    func prepareAsyncUpdate(at tick: Tick) -> [any GraphNode]?
}

extension RenderTarget {
    /// `nil`: the target is rendered at once.
    public func prepareUpdate(at tick: Tick) -> [any GraphNode]? { nil }

    /// `nil`: the target is not updated off the main thread in slices.
    public func prepareAsyncUpdate(at tick: Tick) -> [any GraphNode]? { nil }
}

/// The result of ``RenderTarget/renderAsync(at:)``.
public enum AsyncRenderOutcome: Hashable, Sendable {
    /// The outputs were brought up to date on the calling thread.
    case rendered
    /// Nothing was pulled; the frame must be rendered on the main thread.
    case declined(FallbackReason)
}
