import Constraints

/// Children side by side, left to right.
public struct HStack<Content: View>: LinearStack {
    public typealias Body = Never
    static var axis: Axis { .horizontal }
    let alignment: Alignment
    let spacing: Double?
    let content: Content

    public init(alignment: Alignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// Children stacked top to bottom.
public struct VStack<Content: View>: LinearStack {
    public typealias Body = Never
    static var axis: Axis { .vertical }
    let alignment: Alignment
    let spacing: Double?
    let content: Content

    public init(alignment: Alignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// What `HStack` and `VStack` share: a stack along one axis.
protocol LinearStack: View where Body == Never {
    associatedtype Content: View
    static var axis: Axis { get }
    var alignment: Alignment { get }
    var spacing: Double? { get }
    var content: Content { get }
}

extension LinearStack {
    public static func makeView(_ view: Rule<Self>, inputs: ViewInputs) -> ViewOutputs {
        let names = axis == .horizontal ? ContainerNames.hStack : ContainerNames.vStack
        let graph = inputs.graph
        let parameters = graph.rule(name: names.parameters, body: ParametersOfStack(view: view))
        return makeContainer(names: names, content: graph.rule(name: names.content, body: ContentOfStack(view: view)), inputs: inputs,
                             arrangement: .stack(axis: axis, parameters: parameters))
    }
}

/// `HStack.parameters` and `VStack.parameters`: the stack's alignment and spacing, as a stored
/// body (``RuleBody``), as every row of a list has a stack.
struct ParametersOfStack<Stack: LinearStack>: RuleBody {
    let view: Rule<Stack>

    var value: StackParameters {
        let stack = view.value
        return StackParameters(alignment: stack.alignment, spacing: stack.spacing ?? 8)
    }
}

/// `HStack.content` and `VStack.content`: the stack's content, out of its value, as a stored body.
struct ContentOfStack<Stack: LinearStack>: RuleBody {
    let view: Rule<Stack>

    var value: Stack.Content { view.value.content }
}

/// Children on top of each other, later ones in front.
public struct ZStack<Content: View>: View {
    public typealias Body = Never
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    /// Its rules are closures: a `ZStack` is rarely made per row, where ``LinearStack``'s rules
    /// are stored bodies.
    public static func makeView(_ view: Rule<ZStack>, inputs: ViewInputs) -> ViewOutputs {
        let alignment = inputs.graph.rule(name: ContainerNames.zStack.parameters) { view.value.alignment }
        return makeContainer(names: .zStack, content: inputs.graph.rule(name: ContainerNames.zStack.content) { view.value.content },
                             inputs: inputs, arrangement: .overlay(alignment: alignment))
    }
}

/// The alignment and spacing of a stack (a node of its own, so that a new content value with the
/// same parameters does not re-run the stack's layout).
struct StackParameters: Hashable {
    var alignment: Alignment
    var spacing: Double
}

/// What makes a container a stack: its axis, spacing and alignment.
struct StackShape {
    var axis: Axis
    var spacing: Double
    var alignment: Alignment

    /// The stack's layout computer over `children`.
    func layout(_ children: [LayoutComputer]) -> LayoutComputer {
        .stack(axis: axis, spacing: spacing, alignment: alignment, children: children)
    }
}
