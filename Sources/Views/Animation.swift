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
