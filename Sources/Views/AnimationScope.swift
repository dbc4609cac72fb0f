import Constraints

/// The scope of an `.animation(_:value:)` modifier.
final class AnimationScope: @unchecked Sendable {
    let trigger: Rule<AnimationTrigger>
    init(trigger: Rule<AnimationTrigger>) { self.trigger = trigger }
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
