import Synchronization

/// A ``RenderTarget`` made of a bare graph: a list of observed output rules, an optional time input
/// and a flag standing for "the tree has a dynamic container". It lets strategies be exercised
/// without any view layer.
///
/// ```swift
/// let graph = Graph()
/// let time = graph.input(0.0, name: "time")
/// let x = graph.rule(name: "x") { time.value * 100 }
/// let target = GraphTarget(graph: graph, outputs: [x], time: time)
/// target.isAnimating = true      // request a frame on every tick
/// ```
public final class GraphTarget: RenderTarget {
    /// The graph holding the outputs.
    public let graph: Graph
    /// The observed outputs, pulled in this order by every render.
    public let outputs: [any OutputNode]
    /// Set to the tick's ``Tick/time`` (seconds) at the start of every render.
    public let time: Input<Double>?
    /// Whether host preference values exist (the tree has a dynamic container). Without them,
    /// ``renderAsync(at:)`` always declines with ``FallbackReason/noDynamicContainer``.
    public let hasDynamicContainer: Bool
    private let animating = Atomic<Bool>(false)

    /// Makes a target observing `outputs` of `graph`.
    public init(graph: Graph, outputs: [any OutputNode], time: Input<Double>? = nil, hasDynamicContainer: Bool = true) {
        self.graph = graph
        self.outputs = outputs
        self.time = time
        self.hasDynamicContainer = hasDynamicContainer
    }

    /// Whether an animation is running: the target then wants a frame on every tick.
    public var isAnimating: Bool {
        get { animating.load(ordering: .acquiring) }
        set { animating.store(newValue, ordering: .releasing) }
    }

    /// Sets the time input to the tick's time and pulls every output.
    public func render(at tick: Tick) {
        time?.value = tick.time
        updateOutputs()
    }

    /// Declines without a dynamic container, and for the first frame; otherwise sets the time input
    /// and pulls every output, unless one of them is dirty below a node that requires the main
    /// thread.
    public func renderAsync(at tick: Tick) -> AsyncRenderOutcome {
        if let reason = asyncFallback(at: tick) { return .declined(reason) }
        updateOutputs()
        return .rendered
    }

    /// Why the frame of `tick` cannot be brought up to date off the main thread, or `nil` if it
    /// can: no dynamic container, an output never evaluated, or, with the time input set to the
    /// tick's time, an output dirty below a node that requires the main thread.
    private func asyncFallback(at tick: Tick) -> FallbackReason? {
        guard hasDynamicContainer else { return .noDynamicContainer }
        for output in outputs where !output.state.contains(.valueExists) {
            return .firstFrame
        }
        time?.value = tick.time
        for output in outputs where !output.allowsAsyncUpdate {
            return .mainThreadRequired
        }
        return nil
    }

    /// Pulls every output, in order.
    public func updateOutputs() {
        for output in outputs { output.pull() }
    }

    /// When ``renderAsync(at:)`` would render (a dynamic container, every output evaluated once,
    /// no output out of date below a node that requires the main thread), sets the time input to
    /// the tick's time and returns the outputs; otherwise `nil`.
    public func prepareAsyncUpdate(at tick: Tick) -> [any GraphNode]? {
        asyncFallback(at: tick) == nil ? outputs : nil
    }

    /// Sets the time input to the tick's time; returns the outputs.
    public func prepareUpdate(at tick: Tick) -> [any GraphNode]? {
        time?.value = tick.time
        return outputs
    }

    /// ``isAnimating``.
    public var wantsNextFrame: Bool { isAnimating }
}

/// A node whose value a render target can bring up to date without knowing its type.
public protocol OutputNode: GraphNode {
    /// Brings the node up to date (reads its value and drops it).
    func pull()
}

extension Rule: OutputNode {
    /// Reads ``value``.
    public func pull() { _ = value }
}
