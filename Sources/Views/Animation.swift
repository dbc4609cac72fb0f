import Constraints

/// How a value moves from its old to its new value over time.
public struct Animation: Hashable, Sendable {
    /// The timing curve.
    public enum Curve: Hashable, Sendable {
        case linear, easeIn, easeOut, easeInOut
    }

    public var curve: Curve
    /// Seconds from start to end.
    public var duration: Double
    /// Seconds after which the animation counts as complete for completion callbacks
    /// (`logicallyComplete(after:)`); the full duration by default.
    public var logicalDuration: Double?

    public init(curve: Curve, duration: Double) {
        self.curve = curve
        self.duration = max(0, duration)
    }

    public static func linear(duration: Double) -> Animation { Animation(curve: .linear, duration: duration) }
    public static func easeIn(duration: Double) -> Animation { Animation(curve: .easeIn, duration: duration) }
    public static func easeOut(duration: Double) -> Animation { Animation(curve: .easeOut, duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { Animation(curve: .easeInOut, duration: duration) }
    public static let linear = Animation.linear(duration: 0.35)
    public static let easeInOut = Animation.easeInOut(duration: 0.35)
    /// SwiftUI's default animation.
    public static let `default` = Animation.easeInOut

    /// The same animation, counted as complete `seconds` after it starts.
    public func logicallyComplete(after seconds: Double) -> Animation {
        var copy = self
        copy.logicalDuration = max(0, seconds)
        return copy
    }

    /// The eased fraction (0…1) at `elapsed` seconds.
    func fraction(at elapsed: Double) -> Double {
        let t = duration <= 0 ? 1 : min(max(elapsed / duration, 0), 1)
        switch curve {
        case .linear: return t
        case .easeIn: return t * t
        case .easeOut: return t * (2 - t)
        case .easeInOut: return t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t
        }
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

/// A value that can be interpolated by an animation.
public protocol Animatable: Equatable {
    /// The value `fraction` (0…1) of the way from `start` to `end`.
    static func interpolate(from start: Self, to end: Self, fraction: Double) -> Self
}

extension Double: Animatable {
    public static func interpolate(from start: Double, to end: Double, fraction: Double) -> Double {
        start + (end - start) * fraction
    }
}

extension Point: Animatable {
    public static func interpolate(from start: Point, to end: Point, fraction: Double) -> Point {
        Point(x: .interpolate(from: start.x, to: end.x, fraction: fraction),
              y: .interpolate(from: start.y, to: end.y, fraction: fraction))
    }
}

extension Rect: Animatable {
    public static func interpolate(from start: Rect, to end: Rect, fraction: Double) -> Rect {
        Rect(x: .interpolate(from: start.minX, to: end.minX, fraction: fraction),
             y: .interpolate(from: start.minY, to: end.minY, fraction: fraction),
             width: .interpolate(from: start.width, to: end.width, fraction: fraction),
             height: .interpolate(from: start.height, to: end.height, fraction: fraction))
    }
}

extension RGBA: Animatable {
    public static func interpolate(from start: RGBA, to end: RGBA, fraction: Double) -> RGBA {
        RGBA(red: .interpolate(from: start.red, to: end.red, fraction: fraction),
             green: .interpolate(from: start.green, to: end.green, fraction: fraction),
             blue: .interpolate(from: start.blue, to: end.blue, fraction: fraction),
             opacity: .interpolate(from: start.opacity, to: end.opacity, fraction: fraction))
    }
}

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

/// The animation a `.animation(_:value:)` modifier applies, and a counter that moves each time its
/// value changes, so animators can tell whether the change they see came with that value change.
struct AnimationTrigger: Equatable {
    var animation: Animation?
    var generation: Int
    /// The update (``ViewGraphContext/update``) in which the value last changed.
    var changedInUpdate: Int

    /// The animation for changes made in the update under way: the trigger's, if its value changed
    /// in that update.
    func animation(inUpdate update: Int) -> Animation? {
        changedInUpdate == update ? animation : nil
    }
}

/// The scope of an `.animation(_:value:)` modifier.
final class AnimationScope: @unchecked Sendable {
    let trigger: Rule<AnimationTrigger>
    init(trigger: Rule<AnimationTrigger>) { self.trigger = trigger }
}

/// The animation state of one animatable node: presents the target value, or an interpolation
/// towards it while an animation runs. Reads the time input only while animating, so that a
/// finished animation costs nothing per frame.
///
/// The node's closure owns the animator, so the animator goes when its node does. A node destroyed
/// mid-animation (a list row removed while it was still fading) ends its animation then: the host
/// stops counting it as running and its completion is fulfilled. A list row's move along its list
/// is the exception: its animator belongs to the row's ``ElementPlacement``, which the list's last
/// placement holds too, so a row removed mid-move stops counting as running at the list's next
/// placement, which lets go of it.
final class Animator<Value: Animatable>: @unchecked Sendable {
    /// Strong: an animator may be released with the graph when its host goes away, and its `deinit`
    /// still updates the context. Animators are held by node closures (released under the update
    /// lock or with the graph), so `deinit` runs where the context may be touched.
    private let context: ViewGraphContext
    private let scope: AnimationScope?
    /// The latest target.
    private(set) var target: Value?
    private var start: Value?
    private var presented: Value?
    private var animation: Animation?
    private var startTime = 0.0
    private var seenGeneration = 0
    private var completion: AnimationCompletion?
    private var logicallyCompleted = false

    /// - Parameter initial: a value to animate from on the first target (an inserted view's
    ///   transition starts at 0); without it the first target is shown as is.
    init(context: ViewGraphContext, scope: AnimationScope?, initial: Value? = nil) {
        self.context = context
        self.scope = scope
        self.target = initial
        self.presented = initial
    }

    /// Whether an animation is running.
    var isAnimating: Bool { animation != nil }
    /// How many animations have begun (a change of it tells that one began).
    private(set) var starts = 0

    /// The value to show now, given the latest `newTarget`: a new target is animated with the
    /// `.animation(_:value:)` above when its value changed since the last call, or else with the
    /// transaction's animation.
    @inline(__always)
    func present(_ newTarget: Value) -> Value {
        if scope == nil && animation == nil && context.transactionAnimation == nil {
            // Nothing runs and nothing would start: the target is shown as is (what the general
            // path below does then, in fewer steps; a color-scheme switch re-resolves 600 colors).
            seenGeneration = 0
            if target == nil || presented == nil || newTarget != target {
                target = newTarget
                presented = newTarget
            }
            return newTarget
        }
        return presentAnimating(newTarget)
    }

    /// ``present(_:)`` when an animation runs or may start.
    @inline(never)
    private func presentAnimating(_ newTarget: Value) -> Value {
        let trigger = scope?.trigger.value
        defer { seenGeneration = trigger?.generation ?? 0 }
        if target != nil && presented != nil && newTarget != target {
            let scoped = trigger.flatMap { $0.generation != seenGeneration ? $0.animation : nil }
            retarget(newTarget, animation: scoped ?? context.transactionAnimation)
        }
        return current(target: newTarget)
    }

    /// Moves the target to `newTarget`, animated with `animation` from the value shown now when
    /// it has a duration, at once otherwise; the caller decided which animation applies.
    func retarget(_ newTarget: Value, animation: Animation?) {
        guard let current = presented, target != nil else {
            target = newTarget
            presented = newTarget
            return
        }
        target = newTarget
        if let animation, animation.duration > 0 {
            begin(animation, from: current)
        } else {
            finish()
            presented = newTarget
        }
    }

    /// The value to show now for the current target: the target, or while an animation runs the
    /// value at this time (read as an input, so that the caller runs again on the next frame).
    func current() -> Value {
        current(target: target!)
    }

    private func current(target newTarget: Value) -> Value {
        guard presented != nil, target != nil else {
            target = newTarget
            presented = newTarget
            return newTarget
        }
        guard let animation else { return newTarget }
        let elapsed = context.time.value - startTime
        if !logicallyCompleted && elapsed >= (animation.logicalDuration ?? animation.duration) {
            logicallyCompleted = true
            if completion?.criteria == .logicallyComplete { completion?.fulfil(); completion = nil }
        }
        if elapsed >= animation.duration {
            finish()
            presented = newTarget
            return newTarget
        }
        let value = Value.interpolate(from: start ?? newTarget, to: newTarget, fraction: animation.fraction(at: elapsed))
        presented = value
        return value
    }

    private func begin(_ animation: Animation, from current: Value) {
        if self.animation == nil { context.runningAnimations += 1 }
        starts += 1
        completion?.fulfil()
        self.animation = animation
        start = current
        startTime = context.time.value
        logicallyCompleted = false
        completion = context.transactionCompletion
        completion?.expect()
    }

    private func finish() {
        guard animation != nil else { return }
        animation = nil
        context.runningAnimations -= 1
        completion?.fulfil()
        completion = nil
    }

    deinit { finish() }
}
