/// A container's placement, the value of its placement node: its elements, and the frame of each
/// element by its position among them. Each element's geometry finds its frame here
/// (``ElementFrame``, through ``ParentContainer``).
///
/// Built from two arrays (no table keyed by id), so placing `n` elements costs `n` frames. An
/// element looks for its frame where it found it last (``frame(of:near:)``); only when elements
/// moved is a table of positions by id made, once per placement.
///
/// A list of rigid rows (a ``ListLayout`` whose extents are known, ``ListLayout/extents(across:)``)
/// is placed without a frame per row: its placement keeps the rows' extent tree and computes a
/// row's frame when asked (``RowFrames``), so that the placement after one row's change costs
/// `O(log n)` to make and to compare with the one before, and says which rows changed size
/// (``changedRows(since:)``).
public struct ContainerPlacement: Equatable, Sendable {
    /// The container's elements, in order.
    let elements: [ViewElement]
    /// The frames, one per element or computed from a list's extents.
    private let frames: Frames
    private let positions = PositionTable()

    private enum Frames: Sendable {
        case each([Rect])
        case rows(RowFrames)
    }

    /// The placement of `elements` laid out by `layout` in `rect`: computed from the rows'
    /// extents for a list of rigid rows, otherwise a frame per element.
    init(elements: [ViewElement], layout: LayoutComputer, in rect: Rect) {
        self.elements = elements
        if case .list(let list) = layout, let extents = list.extents(across: list.axis == .horizontal ? rect.height : rect.width) {
            frames = .rows(RowFrames(extents: extents, rect: rect, axis: list.axis, spacing: list.spacing, alignment: list.alignment))
        } else {
            frames = .each(layout.placeChildren(in: rect))
        }
    }

    /// How many frames the placement has.
    var frameCount: Int {
        switch frames {
        case .each(let frames): return frames.count
        case .rows(let rows): return rows.extents.count
        }
    }

    /// The frame at `position`.
    func frame(at position: Int) -> Rect {
        switch frames {
        case .each(let frames): return frames[position]
        case .rows(let rows): return rows.frame(at: position)
        }
    }

    /// Calls `body` with each position and its frame, in order.
    func forEachFrame(_ body: (Int, Rect) -> Void) {
        switch frames {
        case .each(let frames): for position in frames.indices { body(position, frames[position]) }
        case .rows(let rows): rows.forEachFrame(body)
        }
    }

    /// The positions whose frame may differ from those of `last` other than by a move along the
    /// list's axis, when both place the same number of rows as lists of rigid rows placed alike
    /// across the axis (`nil` otherwise): the rows whose extent changed, found without visiting
    /// the extents the two share. Every row's place along the axis may differ (an earlier row
    /// grew, or the list moved).
    func changedRows(since last: ContainerPlacement) -> [Int]? {
        guard case .rows(let rows) = frames, case .rows(let lastRows) = last.frames, rows.isPlacedAlikeAcross(lastRows),
              rows.extents.count == lastRows.extents.count else { return nil }
        return rows.extents.changes(from: lastRows.extents, differ: !=)
    }

    /// The frame of the element `id`, or `nil` when it is not placed here. Looks at position
    /// `hint` first, and sets `hint` to the position where the element is.
    func frame(of id: ElementID, near hint: inout Int) -> Rect? {
        let count = min(elements.count, frameCount)
        if hint >= 0 && hint < count && elements[hint].id == id { return frame(at: hint) }
        guard let position = positions.position(of: id, in: elements), position < count else { return nil }
        hint = position
        return frame(at: position)
    }

    /// Equal when the elements and their frames are; two placements of a list's rows compare their
    /// extents, without visiting those they share.
    public static func == (lhs: ContainerPlacement, rhs: ContainerPlacement) -> Bool {
        guard lhs.frameCount == rhs.frameCount, lhs.elements == rhs.elements else { return false }
        switch (lhs.frames, rhs.frames) {
        case (.each(let left), .each(let right)):
            return left == right
        case (.rows(let left), .rows(let right)) where left.isPlacedAlikeAcross(right):
            // The first row starts at the rect's start along the axis: rects that start apart
            // place it apart (the rects' lengths along the axis do not matter to rigid rows).
            guard left.startAlong == right.startAlong || left.extents.count == 0 else { return false }
            return left.extents.isSame(as: right.extents, differ: !=)
        default:
            var equal = true
            lhs.forEachFrame { position, frame in if equal && frame != rhs.frame(at: position) { equal = false } }
            return equal
        }
    }
}

/// The frames of a list's rigid rows, computed from their extents: a row's size is its extent,
/// its place along the list's axis the rect's start plus the lengths of the rows before it
/// (``RowTree/prefix(before:)``) and the spacing between them, its place across the axis aligned
/// in the rect, as a stack places it (``StackLayout/place(in:alignment:)``). The place along the
/// axis sums the lengths node by node, and may differ from a stack's row-by-row sum in the last
/// bits; a list's rows draw in their own coordinates and are placed along the axis by the list's
/// ``DisplayListTree`` (``ListRowPlacer``), so that coordinate is never drawn.
struct RowFrames: Sendable {
    let extents: RowTree<RowExtent, RowExtentSummary>
    let rect: Rect
    let axis: Axis
    let spacing: Double
    let alignment: Alignment

    /// Where the rect starts along the axis: the first row's place.
    var startAlong: Double { axis == .horizontal ? rect.minX : rect.minY }

    /// Whether `other` places rows along the same axis with the same spacing and alignment, in a
    /// rect of the same start and length across the axis, so that rows of equal extents have
    /// frames in both that differ only along the axis.
    func isPlacedAlikeAcross(_ other: RowFrames) -> Bool {
        axis == other.axis && spacing == other.spacing && alignment == other.alignment
            && (axis == .horizontal ? rect.minY == other.rect.minY && rect.height == other.rect.height
                                    : rect.minX == other.rect.minX && rect.width == other.rect.width)
    }

    func frame(at position: Int) -> Rect {
        frame(extents[position], position: position, before: extents.prefix(before: position).length)
    }

    func forEachFrame(_ body: (Int, Rect) -> Void) {
        extents.forEachPrefix { position, extent, before in body(position, frame(extent, position: position, before: before.length)) }
    }

    private func frame(_ extent: RowExtent, position: Int, before: Double) -> Rect {
        let along = before + spacing * Double(position)
        if axis == .horizontal {
            let y = rect.minY + (rect.height - extent.thickness) * alignment.vertical
            return Rect(x: rect.minX + along, y: y, width: extent.length, height: extent.thickness)
        } else {
            let x = rect.minX + (rect.width - extent.thickness) * alignment.horizontal
            return Rect(x: x, y: rect.minY + along, width: extent.thickness, height: extent.length)
        }
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
