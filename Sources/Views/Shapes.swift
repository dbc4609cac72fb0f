import Constraints

extension Color: View {
    public typealias Body = Never

    /// A color fills the space it is proposed. Its resolved value depends on the color scheme and
    /// is animated when it changes inside an animated transaction.
    public static func makeView(_ view: Rule<Color>, inputs: ViewInputs) -> ViewOutputs {
        let scheme = inputs.environment.projection(\.colorScheme)
        let animator = Animator<RGBA>(context: inputs.context, scope: inputs.animationScope)
        let resolved = inputs.graph.rule(name: "Color.resolved", body: ColorResolved(view: view, scheme: scheme, animator: animator))
        return makeFill(resolved, name: "Color", inputs: inputs)
    }
}

/// A rectangle filled with the foreground color.
public struct Rectangle: View, Hashable, Sendable {
    public typealias Body = Never
    public init() {}

    public static func makeView(_ view: Rule<Rectangle>, inputs: ViewInputs) -> ViewOutputs {
        let color = inputs.environment.projection(\.foregroundColor)
        let scheme = inputs.environment.projection(\.colorScheme)
        let resolved = inputs.graph.rule(name: "Rectangle.resolved") { (color.value ?? .primary).resolve(in: scheme.value) }
        return makeFill(resolved, name: "Rectangle", inputs: inputs)
    }
}

/// Layout and display-list nodes of a view that fills its frame with one color.
private func makeFill(_ color: Rule<RGBA>, name: String, inputs: ViewInputs) -> ViewOutputs {
    let graph = inputs.graph
    let layout = graph.rule(name: "\(name).layout") { LayoutComputer.flexible(ideal: Size(width: 10, height: 10)) }
    let geometry = inputs.geometry
    let lists = DisplayList.LeafListMaker()
    let displayList = graph.rule(name: "\(name).displayList", body: FillDisplayList(geometry: geometry, color: color, lists: lists))
    return ViewOutputs(layout: layout, displayList: displayList)
}

/// Flexible empty space that pushes its siblings apart along a stack's axis.
public struct Spacer: View, Hashable, Sendable {
    public typealias Body = Never
    /// The smallest length along the stack's axis (8 by default).
    public let minLength: Double?
    public init(minLength: Double? = nil) { self.minLength = minLength }

    public static func makeView(_ view: Rule<Spacer>, inputs: ViewInputs) -> ViewOutputs {
        let graph = inputs.graph
        let layout = graph.rule(name: "Spacer.layout", body: SpacerLayout(view: view))
        let displayList = graph.rule(name: "Spacer.displayList") { DisplayList() }
        return ViewOutputs(layout: layout, displayList: displayList)
    }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: View, Hashable, Sendable {
    public typealias Body = Never
    public init() {}

    public static func makeView(_ view: Rule<EmptyView>, inputs: ViewInputs) -> ViewOutputs {
        let graph = inputs.graph
        return ViewOutputs(
            layout: graph.rule(name: "EmptyView.layout") { LayoutComputer.fixed(.zero) },
            displayList: graph.rule(name: "EmptyView.displayList") { DisplayList() }
        )
    }

    public static func makeViewList(_ view: Rule<EmptyView>, inputs: ViewListInputs) -> ViewListOutputs {
        ViewListOutputs(node: inputs.base.graph.rule(name: "EmptyView.elements") { [] })
    }
}

// A shape's rules that capture something, as stored bodies (``RuleBody``): rows have shapes and
// spacers (see "Rules as stored bodies" in `Docs/Views.md`).

/// `Color.resolved`: the color under the color scheme, animated.
struct ColorResolved: RuleBody {
    let view: Rule<Color>
    let scheme: Rule<ColorScheme>
    let animator: Animator<RGBA>

    var value: RGBA { animator.present(view.value.resolve(in: scheme.value)) }
}

/// A filled shape's display list: its color at its frame.
struct FillDisplayList: RuleBody {
    let geometry: Rule<Rect>
    let color: Rule<RGBA>
    let lists: DisplayList.LeafListMaker

    var value: DisplayList { lists.shape(frame: geometry.value, color: color.value) }
}

/// `Spacer.layout`: grows along a stack's axis from its minimum length.
struct SpacerLayout: RuleBody {
    let view: Rule<Spacer>

    var value: LayoutComputer { LayoutComputer.spacer(minLength: view.value.minLength ?? 8) }
}
