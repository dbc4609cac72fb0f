/// How a view enters and leaves when a dynamic container inserts or removes it under an animation.
public struct Transition: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case identity, opacity, slide
        case offset(Point)
    }
    let kind: Kind

    /// No visual effect; the view appears and disappears at once.
    public static let identity = Transition(kind: .identity)
    /// Fades in and out (SwiftUI's default).
    public static let opacity = Transition(kind: .opacity)
    /// Slides in from the leading edge and out to the trailing edge.
    public static let slide = Transition(kind: .slide)
    /// Moves in from, and out to, an offset.
    public static func offset(x: Double = 0, y: Double = 0) -> Transition { Transition(kind: .offset(Point(x: x, y: y))) }

    /// The display list of a view at `progress` (0 = absent, 1 = fully present).
    func apply(to list: DisplayList, progress: Double, frame: Rect, removing: Bool) -> DisplayList {
        if progress >= 1 { return list }
        let remaining = 1 - progress
        switch kind {
        case .identity:
            return list
        case .opacity:
            return DisplayList.group([list], opacity: progress)
        case .slide:
            let dx = (removing ? 1 : -1) * remaining * frame.width
            return DisplayList.group([list], offset: Point(x: dx, y: 0))
        case .offset(let offset):
            return DisplayList.group([list], offset: Point(x: offset.x * remaining, y: offset.y * remaining))
        }
    }
}

/// Collects the transition a `ForEach` item's views declare (`.transition(_:)`), for the item.
final class TransitionSink: @unchecked Sendable {
    var transition: Transition?
}
