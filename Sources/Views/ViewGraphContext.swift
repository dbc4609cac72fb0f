import Constraints

/// Everything the nodes of one host share: the graph, the time input, queued state writes, running
/// animations, registered buttons and `onAppear` actions, and diagnostics. Accessed only under the
/// graph's update lock.
final class ViewGraphContext: @unchecked Sendable {
    /// The host's graph. Unowned: the host owns it, and node closures hold this context, so a
    /// strong reference would keep the graph alive through its own nodes.
    unowned let graph: Graph
    /// The host's time in seconds; only animating nodes read it.
    let time: Input<Double>

    /// State writes waiting for the next frame, in order, with the animation each was made under.
    var pendingWrites: [(storage: AnyStateStorage, animation: Animation?, completion: AnimationCompletion?)] = []
    /// The animation of the transaction whose writes the current update applies.
    var transactionAnimation: Animation?
    /// Completion of the transaction whose writes the current update applies.
    var transactionCompletion: AnimationCompletion?
    /// Counts the frames rendered: the number of the update under way (an `.animation(_:value:)`
    /// animates the changes of the update in which its value changed).
    private(set) var update = 0
    /// `withAnimation` scopes open on the main thread, innermost last.
    var animationStack: [(animation: Animation?, completion: AnimationCompletion?)] = []
    /// Animators that have not finished yet; the host keeps requesting frames while this is > 0.
    var runningAnimations = 0
    /// Whether the tree contains a dynamic container (`ForEach`, a conditional). The host's
    /// preference values, and so asynchronous rendering, exist only then (`Docs/WritingAScheduler.md`, `frame.renderAsync()`).
    var hasDynamicContainer = false
    /// The lists of the tree (containers of a `ForEach`), in the order a sliced update brings them
    /// up to date.
    let updateOrder = SlicedUpdateOrder()
    /// The names of node types, without ``TypeName``'s lock (``TypeNameCache``).
    let typeNames = TypeNameCache()
    /// Buttons that can be tapped, with a way to read their current action and identifier.
    let buttons = ButtonRegistry()
    /// Work for the main thread after the frame: `onAppear` actions of views instantiated during
    /// it and animation completions.
    var mainThreadActions: [() -> Void] = []
    /// Completions waiting for the frame that applies their transaction's writes to finish.
    private var committedCompletions: [AnimationCompletion] = []
    /// Names of the bodies being evaluated, innermost last.
    private var bodies: [String] = []
    var diagnostics: [ViewDiagnostic] = []
    var diagnosticHandler: @Sendable (ViewDiagnostic) -> Void = { _ in }

    init(graph: Graph) {
        self.graph = graph
        time = graph.input(0.0, name: "time")
    }

    /// Evaluates a view body, remembering whose it is for diagnostics.
    func evaluatingBody<Result>(_ name: String, _ body: () -> Result) -> Result {
        bodies.append(name)
        defer { bodies.removeLast() }
        return body()
    }

    /// The body being evaluated, if any.
    var currentBody: String? { bodies.last }

    /// Queues a state write for the next frame (a transaction), with the animation of the
    /// innermost `withAnimation` around it.
    func enqueue(_ storage: AnyStateStorage) {
        if let body = currentBody { report(.modifyingStateDuringUpdate(view: body)) }
        let scope = animationStack.last
        pendingWrites.append((storage, scope?.animation, scope?.completion))
        scope?.completion?.expect()
    }

    /// Applies the queued writes together (one batch) and makes their animation current.
    func commitPendingWrites() {
        guard !pendingWrites.isEmpty else { return }
        let writes = pendingWrites
        pendingWrites.removeAll()
        transactionAnimation = writes.last(where: { $0.animation != nil })?.animation
        transactionCompletion = writes.last(where: { $0.completion != nil })?.completion
        graph.batch {
            for write in writes { write.storage.commit() }
        }
        committedCompletions = writes.compactMap(\.completion)
    }

    /// Called once the frame that applied the queued writes is rendered: the writes' share of
    /// their completions is done (animators they started hold their own share).
    func endFrame() {
        update += 1
        let completions = committedCompletions
        committedCompletions.removeAll()
        for completion in completions { completion.fulfil() }
        transactionAnimation = nil
        transactionCompletion = nil
    }

    func report(_ diagnostic: ViewDiagnostic) {
        diagnostics.append(diagnostic)
        diagnosticHandler(diagnostic)
    }
}

/// A problem in the view tree that the host reports and survives.
public enum ViewDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A body wrote a `@State` property (SwiftUI: "Modifying state during view update").
    case modifyingStateDuringUpdate(view: String)
    /// A `ForEach` had the same id more than once; only the first item with it is shown.
    case duplicateID(String)
    /// A frame was given a negative or non-finite dimension; 0 is used instead.
    case invalidFrameDimension(Double)
    /// `tap(_:)` named no button.
    case unknownButton(String)
    /// `tap(_:)` named a disabled button (``View/disabled(_:)``), which did not act.
    case disabledButton(String)
    /// A diagnostic of the underlying constraint graph.
    case graph(Diagnostic)

    public var description: String {
        switch self {
        case .modifyingStateDuringUpdate(let view):
            "Modifying state during view update, this will cause undefined behavior (in \(view))"
        case .duplicateID(let id):
            "ForEach: the ID \(id) occurs multiple times within the collection, this will give undefined results"
        case .invalidFrameDimension(let value):
            "Invalid frame dimension (negative or non-finite): \(value)"
        case .unknownButton(let identifier):
            "No button with identifier or title '\(identifier)'"
        case .disabledButton(let identifier):
            "The button '\(identifier)' is disabled"
        case .graph(let diagnostic):
            diagnostic.description
        }
    }
}
