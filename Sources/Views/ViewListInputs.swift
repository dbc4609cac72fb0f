import Constraints

/// What a container hands to its content when it makes the content's elements
/// (``View/makeViewList(_:inputs:)``).
public struct ViewListInputs {
    /// The inputs each element's view gets (its `geometry` is replaced per element).
    public internal(set) var base: ViewInputs
    /// The container the elements are made for.
    let container: ParentContainer
    /// The id prefix of elements made here.
    var elementID: ElementID

    /// The one element of a single view: its geometry is its frame in the container's placement
    /// (animated when an animation applies, ``ElementFrame``).
    func makeElement<V: View>(_ view: Rule<V>) -> ViewListOutputs {
        let graph = base.graph
        let frame = ElementFrame(id: elementID, container: container, graph: graph, context: base.context, scope: base.animationScope)
        var inputs = base
        inputs.geometry = graph.rule(name: base.context.typeNames.name(of: V.self, suffix: ".geometry"), body: CurrentFrame(frame: frame))
        let element = ViewElement(id: elementID, outputs: V.makeView(view, inputs: inputs), geometry: inputs.geometry, frame: frame)
        return ViewListOutputs(one: element, of: V.self)
    }
}

/// An element's geometry node (``ElementFrame/current()``), as a stored body (``RuleBody``): every
/// view of a row is an element.
struct CurrentFrame: RuleBody {
    let frame: ElementFrame

    var value: Rect { frame.current() }
}
