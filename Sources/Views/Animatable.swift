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
