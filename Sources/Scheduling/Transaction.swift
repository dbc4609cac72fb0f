/// A group of input writes made by an event handler (a state change), applied in one
/// ``Graph/batch(_:)``.
///
/// Post one with ``FrameLoop/transaction(_:_:)``; the strategy decides when it is applied: right
/// away (`eager`, `lazy`) or at the next main-thread render (`async-pull`, as OpenSwiftUI's pending
/// transactions).
public struct Transaction: Sendable {
    /// A label for diagnostics.
    public let name: String?
    /// The thread on which the transaction was posted.
    public let thread: ThreadRole
    private let body: @Sendable () -> Void
    /// When the event that posted it was due (clock nanoseconds), for ``RunResult/updateLatency``;
    /// set by ``FrameLoop/transaction(_:_:)``.
    var eventDue: Int64?

    /// A transaction that runs `body` (which writes inputs) when applied; ``thread`` is the
    /// calling thread.
    public init(_ name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        self.name = name
        thread = .current
        self.body = body
    }

    /// Writes the inputs now, as one batch. Call with the graph's update lock held.
    public func apply(to graph: Graph) {
        graph.batch { body() }
    }
}
