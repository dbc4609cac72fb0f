import Constraints

/// A container as its elements see it: where their frames are (its placement node) and, for a
/// list, its layout and geometry. Made before the container's elements, which need it, and filled
/// in once they are made, before any of them is evaluated (the placement node reads the elements).
final class ParentContainer: @unchecked Sendable {
    /// The container's placement node.
    var placement: Rule<ContainerPlacement>?
    /// How many elements were made for the container so far: the position where the next one
    /// looks for its frame first (``ContainerPlacement/frame(of:near:)``). Elements are mostly made
    /// in their order (a tuple's children, a list's first rows), so the first look finds them; one
    /// made out of order falls back to the placement's table of positions by id.
    private var elementsMade = 0
    /// The container's layout and geometry, for a list; set once the container's elements are
    /// made, before any of them is evaluated.
    var layout: Rule<LayoutComputer>?
    var geometry: Rule<Rect>?

    /// The position of an element made now in the container's elements, if they are made in order.
    func nextElementPosition() -> Int {
        defer { elementsMade += 1 }
        return elementsMade
    }

    /// Whether the container is a list, which draws its elements in their own coordinates and
    /// places them itself (``ListRowPlacer``).
    var placesElementsLocally: Bool { layout != nil }

    /// The list's origin, and its axis and spacing when it is a stack (a list's stack is always a
    /// ``LayoutComputer/list(_:)``; read inside `Graph.withoutRecordingReads`).
    func list() -> (origin: Point, axis: Axis?, spacing: Double) {
        let origin = geometry?.value.origin ?? .zero
        guard case .list(let list) = layout?.value else { return (origin, nil, 0) }
        return (origin, list.axis, list.spacing)
    }
}
