import Constraints

/// One element of a container's content: a single view's outputs, its geometry node and its
/// ``ElementFrame``. Two elements are equal when they are the same element (same id and nodes).
public struct ViewElement: Equatable, Sendable {
    public let id: ElementID
    public let outputs: ViewOutputs
    /// The element's frame node.
    public let geometry: Rule<Rect>
    /// The element's frame, as its geometry computes it and a list sends it (``ListRowPlacer``).
    let frame: ElementFrame

    /// The element's layout computer as a list reads it (``ElementLayoutWatch``), made on first use.
    var layoutWatch: ElementLayoutWatch { frame.layoutWatch(of: outputs.layout) }

    public static func == (lhs: ViewElement, rhs: ViewElement) -> Bool {
        lhs.id == rhs.id && lhs.outputs.layout.id == rhs.outputs.layout.id
            && lhs.outputs.displayList.id == rhs.outputs.displayList.id && lhs.geometry.id == rhs.geometry.id
    }
}
