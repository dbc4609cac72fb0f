import Constraints

/// The animation state of one animatable node: presents the target value, or an interpolation
/// towards it while an animation runs. Reads the time input only while animating, so that a
/// finished animation costs nothing per frame.
///
/// The node's closure owns the animator, so the animator goes when its node does. A node destroyed
/// mid-animation (a list row removed while it was still fading) ends its animation then: the host
/// stops counting it as running and its completion is fulfilled. A list row's move along its list
/// is the exception: its animator belongs to the row's ``ElementFrame``, which the list's last
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
