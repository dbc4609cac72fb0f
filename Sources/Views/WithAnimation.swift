/// Runs `body` (an event handler's state changes) so that the changes it makes are animated.
///
/// Must be called from an event handler, `onAppear` or a host `perform` block: that is where the
/// host makes its context current.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    guard let context = ViewGraphContext.current else { return try body() }
    context.animationStack.append((animation, nil))
    defer { context.animationStack.removeLast() }
    return try body()
}

/// Runs `body` animated, then `completion` on the main thread once the animations it started are
/// complete by `completionCriteria`.
@discardableResult
public func withAnimation<Result>(
    _ animation: Animation? = .default,
    completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result,
    completion: @escaping () -> Void
) rethrows -> Result {
    guard let context = ViewGraphContext.current else { return try body() }
    let tracker = AnimationCompletion(context: context, criteria: completionCriteria, action: completion)
    context.animationStack.append((animation, tracker))
    defer {
        context.animationStack.removeLast()
        tracker.fulfil()
    }
    tracker.expect()
    return try body()
}

extension ViewGraphContext {
    /// The context of the host running an event handler on this thread.
    @TaskLocal static var current: ViewGraphContext?
}

/// Counts what a `withAnimation(…completion:)` is waiting for: its body, the state writes it
/// queued, and the animators those writes started. Runs the completion when the count drops to 0.
final class AnimationCompletion: @unchecked Sendable {
    private unowned let context: ViewGraphContext
    let criteria: AnimationCompletionCriteria
    private let action: () -> Void
    private var outstanding = 0

    init(context: ViewGraphContext, criteria: AnimationCompletionCriteria, action: @escaping () -> Void) {
        self.context = context
        self.criteria = criteria
        self.action = action
    }

    func expect() { outstanding += 1 }

    func fulfil() {
        outstanding -= 1
        if outstanding == 0 { context.mainThreadActions.append(action) }
    }
}

/// When a `withAnimation` completion runs.
public enum AnimationCompletionCriteria: Hashable, Sendable {
    /// When every animation started by the change has finished.
    case removed
    /// When every animation started by the change is logically complete
    /// (see ``Animation/logicallyComplete(after:)``).
    case logicallyComplete
}
