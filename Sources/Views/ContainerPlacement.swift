/// A container's placement, the value of its placement node: its elements, and the frame of each
/// element by its position among them. Each element's geometry finds its frame here
/// (``ElementFrame``, through ``ParentContainer``).
///
/// Built from two arrays (no table keyed by id), so placing `n` elements costs `n` frames. An
/// element looks for its frame where it found it last (``frame(of:near:)``); only when elements
/// moved is a table of positions by id made, once per placement.
public struct ContainerPlacement: Equatable, Sendable {
    /// The container's elements, in order.
    let elements: [ViewElement]
    /// The frame of the element at each position of ``elements``.
    let frames: [Rect]
    private let positions = PositionTable()

    init(elements: [ViewElement], frames: [Rect]) {
        self.elements = elements
        self.frames = frames
    }

    /// The frame of the element `id`, or `nil` when it is not placed here. Looks at position
    /// `hint` first, and sets `hint` to the position where the element is.
    func frame(of id: ElementID, near hint: inout Int) -> Rect? {
        let count = min(elements.count, frames.count)
        if hint >= 0 && hint < count && elements[hint].id == id { return frames[hint] }
        guard let position = positions.position(of: id, in: elements), position < count else { return nil }
        hint = position
        return frames[position]
    }

    public static func == (lhs: ContainerPlacement, rhs: ContainerPlacement) -> Bool {
        lhs.frames == rhs.frames && lhs.elements == rhs.elements
    }
}

/// The positions of a placement's elements by id, made on the first lookup that needs it (graph
/// evaluation is serialized by the update lock).
private final class PositionTable: @unchecked Sendable {
    /// Unchecked exclusivity, like the environment's tables (``EnvironmentKeys``): each access is
    /// short and reaches no other.
    @exclusivity(unchecked)
    private var positions: [ElementID: Int]?

    func position(of id: ElementID, in elements: [ViewElement]) -> Int? {
        if positions == nil {
            var table: [ElementID: Int] = [:]
            table.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() { table[element.id] = position }
            positions = table
        }
        return positions![id]
    }
}
