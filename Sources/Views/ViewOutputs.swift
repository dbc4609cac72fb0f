import Constraints

/// What a view's nodes give back to its parent.
public struct ViewOutputs: Sendable {
    /// The view's layout-computer node.
    public var layout: Rule<LayoutComputer>
    /// The view's display-list node.
    public var displayList: Rule<DisplayList>

    public init(layout: Rule<LayoutComputer>, displayList: Rule<DisplayList>) {
        self.layout = layout
        self.displayList = displayList
    }
}
