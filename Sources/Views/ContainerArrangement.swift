import Constraints

/// How a container lays out its children: as a stack along an axis, or on top of each other.
///
/// A value rather than closures, so that a container's layout node keeps it in its stored body
/// (``ContainerLayout``) and a stack needs no heap object for it.
enum ContainerArrangement {
    /// A stack along `axis`, with the alignment and spacing of the stack's `parameters` node.
    case stack(axis: Axis, parameters: Rule<StackParameters>)
    /// A stack whose shape never changes (the implicit vertical stack at a host's root).
    case fixedStack(StackShape)
    /// Children on top of each other, aligned by the `alignment` node.
    case overlay(alignment: Rule<Alignment>)

    /// The stack's shape now (reading its parameters node), or `nil` for an overlay.
    var stackShape: StackShape? {
        switch self {
        case .stack(let axis, let parameters):
            let parameters = parameters.value
            return StackShape(axis: axis, spacing: parameters.spacing, alignment: parameters.alignment)
        case .fixedStack(let shape):
            return shape
        case .overlay:
            return nil
        }
    }

    /// The container's layout computer over its `children`'s.
    func layout(_ children: [LayoutComputer]) -> LayoutComputer {
        if case .overlay(let alignment) = self { return .overlay(alignment: alignment.value, children: children) }
        guard let shape = stackShape else { preconditionFailure("a container that is not an overlay is a stack") }
        return shape.layout(children)
    }
}
