import Constraints

/// A modifier: makes nodes around the nodes of the view it modifies.
///
/// A conforming type implements ``makeView(_:inputs:content:)``. The built-in modifiers
/// (``BuiltInViewModifier``) implement ``makeView(reading:inputs:content:)`` instead, which needs no
/// node holding the modifier: their rules read it from the node of the modified view.
///
/// A modifier that reads its own value while making nodes (to configure what it builds) must do so
/// inside `Graph.withoutRecordingReads`: nodes are often made inside a rule (a `ForEach` item, an
/// `if` branch), which must not come to depend on the modifier.
public protocol ViewModifier {
    /// Makes the modifier's nodes from a node holding the modifier; `content` makes the modified
    /// view's nodes with the inputs given.
    static func makeView(_ modifier: Rule<Self>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs

    /// Makes the modifier's nodes reading the modifier through `modifier` (``ModifiedContent``
    /// calls this); `content` makes the modified view's nodes with the inputs given. The default
    /// makes a node holding the modifier and calls ``makeView(_:inputs:content:)``.
    static func makeView(reading modifier: ModifierSource<Self>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs
}

extension ViewModifier {
    public static func makeView(reading modifier: ModifierSource<Self>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        makeView(inputs.graph.rule(name: inputs.context.typeNames.name(of: Self.self)) { modifier.value }, inputs: inputs, content: content)
    }
}

/// A modifier that implements ``ViewModifier/makeView(reading:inputs:content:)`` and gets
/// ``ViewModifier/makeView(_:inputs:content:)`` from it: this module's modifiers. A type conforming
/// must implement the reading method (the two defaults would call each other).
public protocol BuiltInViewModifier: ViewModifier {}

extension BuiltInViewModifier {
    public static func makeView(_ modifier: Rule<Self>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        makeView(reading: ModifierSource(modifier), inputs: inputs, content: content)
    }
}

/// Where a modifier's value is read: the node of the view it modifies, or a node of its own.
///
/// Reading ``value`` inside a rule makes the rule depend on that node (so a rule reading the
/// modifier of a ``ModifiedContent`` runs again when the modified view's value changes, and its
/// own cutoff stops what did not change). A modifier has no node of its own this way: one node
/// fewer per modifier.
public struct ModifierSource<Modifier> {
    private let read: () -> Modifier

    /// The modifier of the view that `view` computes.
    init<Content: View>(_ view: Rule<ModifiedContent<Content, Modifier>>) { read = { view.value.modifier } }

    /// The modifier that `rule` computes.
    init(_ rule: Rule<Modifier>) { read = { rule.value } }

    /// The modifier; inside a rule, reading it records a dependency.
    public var value: Modifier { read() }
}

/// A view with a modifier applied. In a stack it is one element.
///
/// The view and the modifier are kept in a shared, immutable ``ModifiedStorage``, so that copying
/// a modified view (as reading its node, the nodes reading its content or its modifier, or a copy
/// of a stack that contains it do) retains one reference: stored inline, every copy and
/// destruction in code generic over `Content` and `Modifier` looks up the metadata of
/// `ModifiedContent<Content, Modifier>` and copies the whole content.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View {
    public typealias Body = Never
    @usableFromInline let storage: ModifiedStorage<Content, Modifier>

    /// The view modified.
    public var content: Content { storage.content }
    /// The modifier applied.
    public var modifier: Modifier { storage.modifier }

    @inlinable
    init(content: Content, modifier: Modifier) {
        storage = ModifiedStorage(content: content, modifier: modifier)
    }

    public static func makeView(_ view: Rule<ModifiedContent>, inputs: ViewInputs) -> ViewOutputs {
        let graph = inputs.graph
        // A closure, not a stored body: a body generic over `Content` and `Modifier` looked up more
        // at every rule made than the closure's context costs ("Rules as stored bodies", `Docs/Views.md`).
        let content = graph.rule(name: inputs.context.typeNames.name(of: Content.self)) { view.value.content }
        return Modifier.makeView(reading: ModifierSource(view), inputs: inputs) { Content.makeView(content, inputs: $0) }
    }
}

extension ModifiedContent: Equatable where Content: Equatable, Modifier: Equatable {
    /// Equal when the contents and the modifiers are, as the synthesized `==` of the two stored
    /// properties was: always compared, even for copies sharing storage, so that a content whose
    /// `==` is not reflexive (a `Double.nan`, a view that is never equal to force its update)
    /// still makes its view unequal to a copy of itself.
    public static func == (lhs: ModifiedContent, rhs: ModifiedContent) -> Bool {
        lhs.content == rhs.content && lhs.modifier == rhs.modifier
    }
}

/// The view and the modifier of a ``ModifiedContent``, shared by its copies.
@usableFromInline
final class ModifiedStorage<Content, Modifier> {
    let content: Content
    let modifier: Modifier

    @usableFromInline
    init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension View {
    /// Applies `modifier`.
    ///
    /// Inlinable, as are ``ModifiedContent``'s initialiser and the modifiers below: a body in
    /// another module (every app's) then makes its modified views in code specialised for their
    /// types. Unspecialised, each modified view made looks up the generic metadata of its storage
    /// and of its modifier.
    @inlinable
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Makes the nodes of a modifier that lays out one child inside its own frame, `wrapping`: the
/// child's geometry comes from the modifier's layout computer and geometry.
///
/// Both nodes keep their computations as stored bodies (``RuleBody``), and the one object made is
/// the cell through which the child's geometry reads the modifier's layout, made after it: with
/// closures, a modifier of a list row made four (the cell, two closures' contexts and the
/// closure giving the layout).
private func makeWrappingLayout(
    childGeometryName: String,
    layoutName: String,
    inputs: ViewInputs,
    content: (ViewInputs) -> ViewOutputs,
    wrapping: Wrapping
) -> ViewOutputs {
    let graph = inputs.graph
    let ownLayout = LayoutCell()
    var childInputs = inputs
    childInputs.geometry = graph.rule(name: childGeometryName, body: WrappedChildFrame(ownLayout: ownLayout, geometry: inputs.geometry))
    let child = content(childInputs)
    let made = graph.rule(name: layoutName, body: WrappingLayout(child: child.layout, wrapping: wrapping))
    ownLayout.rule = made
    return ViewOutputs(layout: made, displayList: child.displayList)
}

/// How a modifier of ``makeWrappingLayout(childGeometryName:layoutName:inputs:content:wrapping:)``
/// lays out its child: a value rather than a closure, so that its layout node keeps it in its body.
private enum Wrapping {
    /// `.frame`, with the dimensions of the `frame.dimensions` node.
    case frame(Rule<FrameModifier>)
    /// `.padding`, with the insets of the modifier.
    case padding(ModifierSource<PaddingModifier>)

    /// The modifier's layout computer around the child's.
    func layout(around child: LayoutComputer) -> LayoutComputer {
        switch self {
        case .frame(let dimensions):
            let frame = dimensions.value
            return .frame(width: frame.width, height: frame.height, alignment: frame.alignment, child: child)
        case .padding(let modifier):
            return .padding(modifier.value.insets, child: child)
        }
    }
}

/// The layout node of a wrapping modifier, which its child's geometry node is made before (see
/// ``WrappedChildFrame``).
private final class LayoutCell {
    var rule: Rule<LayoutComputer>?
}

/// A wrapping modifier's child's geometry: where the modifier's layout places it within the
/// modifier's geometry.
private struct WrappedChildFrame: RuleBody {
    let ownLayout: LayoutCell
    let geometry: Rule<Rect>

    var value: Rect { ownLayout.rule!.value.placeChildren(in: geometry.value).first ?? .zero }
}

/// A wrapping modifier's layout: its wrapping around the child's layout.
private struct WrappingLayout: RuleBody {
    let child: Rule<LayoutComputer>
    let wrapping: Wrapping

    var value: LayoutComputer { wrapping.layout(around: child.value) }
}

/// `.frame(width:height:alignment:)`.
public struct FrameModifier: BuiltInViewModifier, Hashable, Sendable {
    let width: Double?, height: Double?, alignment: Alignment

    @usableFromInline
    init(width: Double?, height: Double?, alignment: Alignment) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    public static func makeView(reading modifier: ModifierSource<FrameModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let checked = inputs.graph.rule(name: "frame.dimensions", body: CheckedFrame(modifier: modifier, context: inputs.context))
        return makeWrappingLayout(childGeometryName: "frame.childGeometry", layoutName: "frame.layout", inputs: inputs, content: content,
                                  wrapping: .frame(checked))
    }

    /// `dimension` if it is one (finite, not negative); otherwise 0, reported to `context`.
    fileprivate static func valid(_ dimension: Double, _ context: ViewGraphContext) -> Double {
        if dimension >= 0 && dimension.isFinite { return dimension }
        context.report(.invalidFrameDimension(dimension))
        return 0
    }
}

/// `frame.dimensions`: the frame modifier with each dimension made valid (reported when it was
/// not), as a stored body (``RuleBody``).
struct CheckedFrame: RuleBody {
    let modifier: ModifierSource<FrameModifier>
    let context: ViewGraphContext

    var value: FrameModifier {
        let value = modifier.value
        return FrameModifier(width: value.width.map { FrameModifier.valid($0, context) },
                             height: value.height.map { FrameModifier.valid($0, context) }, alignment: value.alignment)
    }
}

/// `.padding(_:)`.
public struct PaddingModifier: BuiltInViewModifier, Hashable, Sendable {
    let insets: EdgeInsets

    @usableFromInline
    init(insets: EdgeInsets) { self.insets = insets }

    public static func makeView(reading modifier: ModifierSource<PaddingModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        makeWrappingLayout(childGeometryName: "padding.childGeometry", layoutName: "padding.layout", inputs: inputs, content: content,
                           wrapping: .padding(modifier))
    }
}

/// `.offset(x:y:)`: moves the view without changing its layout. Animatable.
public struct OffsetModifier: BuiltInViewModifier, Hashable, Sendable {
    let offset: Point

    @usableFromInline
    init(offset: Point) { self.offset = offset }

    public static func makeView(reading modifier: ModifierSource<OffsetModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let graph = inputs.graph
        let animator = Animator<Point>(context: inputs.context, scope: inputs.animationScope)
        let offset = graph.rule(name: "offset.value") { animator.present(modifier.value.offset) }
        let geometry = inputs.geometry
        var childInputs = inputs
        childInputs.geometry = graph.rule(name: "offset.childGeometry") {
            let delta = offset.value
            return geometry.value.offsetBy(dx: delta.x, dy: delta.y)
        }
        return content(childInputs)
    }
}

/// `.opacity(_:)`. Animatable.
public struct OpacityModifier: BuiltInViewModifier, Hashable, Sendable {
    let opacity: Double

    @usableFromInline
    init(opacity: Double) { self.opacity = opacity }

    public static func makeView(reading modifier: ModifierSource<OpacityModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let graph = inputs.graph
        let animator = Animator<Double>(context: inputs.context, scope: inputs.animationScope)
        let opacity = graph.rule(name: "opacity.value") { animator.present(min(max(modifier.value.opacity, 0), 1)) }
        let child = content(inputs)
        let displayList = graph.rule(name: "opacity.displayList") { DisplayList.group([child.displayList.value], opacity: opacity.value) }
        return ViewOutputs(layout: child.layout, displayList: displayList)
    }
}

/// `.background(_:)`: a view drawn behind, in the same frame.
public struct BackgroundModifier<Background: View>: BuiltInViewModifier {
    let background: Background

    @usableFromInline
    init(background: Background) { self.background = background }

    public static func makeView(reading modifier: ModifierSource<BackgroundModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let graph = inputs.graph
        let background = Background.makeView(graph.rule(name: inputs.context.typeNames.name(of: Background.self)) { modifier.value.background }, inputs: inputs)
        let child = content(inputs)
        let lists = DisplayList.ContainerListMaker()
        let displayList = graph.rule(name: "background.displayList") {
            lists.list { $0.append(background.displayList.value); $0.append(child.displayList.value) }
        }
        return ViewOutputs(layout: child.layout, displayList: displayList)
    }
}

extension BackgroundModifier: Equatable where Background: Equatable {}

/// An environment-writing modifier (`.environment(_:_:)`, `.font(_:)`, `.foregroundColor(_:)`):
/// the views below read a child environment node instead of the parent's.
public struct EnvironmentModifier<Value: Equatable>: BuiltInViewModifier, Equatable {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    @usableFromInline
    init(keyPath: WritableKeyPath<EnvironmentValues, Value>, value: Value) {
        self.keyPath = keyPath
        self.value = value
    }

    public static func makeView(reading modifier: ModifierSource<EnvironmentModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let keyPath = inputs.graph.withoutRecordingReads { modifier.value.keyPath }
        var childInputs = inputs
        childInputs.environment = inputs.environment.writing(keyPath) { modifier.value.value }
        return content(childInputs)
    }
}

/// `.animation(_:value:)`: changes below are animated with `animation` when `value` changed in
/// the same update.
public struct AnimationModifier<Value: Equatable>: BuiltInViewModifier, Equatable {
    let animation: Animation?
    let value: Value

    @usableFromInline
    init(animation: Animation?, value: Value) {
        self.animation = animation
        self.value = value
    }

    public static func makeView(reading modifier: ModifierSource<AnimationModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let graph = inputs.graph
        let watched = graph.rule(name: "animation.value") { modifier.value.value }
        let animation = graph.rule(name: "animation.curve") { modifier.value.animation }
        var last: Value?
        var generation = 0, changedInUpdate = -1
        let context = inputs.context
        let trigger = graph.rule(name: "animation.trigger") { () -> AnimationTrigger in
            let current = watched.value
            if let previous = last, previous != current {
                generation += 1
                changedInUpdate = context.update
            }
            last = current
            return AnimationTrigger(animation: animation.value, generation: generation, changedInUpdate: changedInUpdate)
        }
        var childInputs = inputs
        childInputs.animationScope = AnimationScope(trigger: trigger)
        return content(childInputs)
    }
}

/// `.transition(_:)`: how the enclosing `ForEach` item enters and leaves.
public struct TransitionModifier: BuiltInViewModifier, Hashable, Sendable {
    let transition: Transition

    @usableFromInline
    init(transition: Transition) { self.transition = transition }

    public static func makeView(reading modifier: ModifierSource<TransitionModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        inputs.transitionSink?.transition = inputs.graph.withoutRecordingReads { modifier.value.transition }
        return content(inputs)
    }
}

/// `.onAppear(perform:)`: runs `action` on the main thread after the frame in which the view
/// first appears.
public struct OnAppearModifier: BuiltInViewModifier {
    let action: () -> Void

    @usableFromInline
    init(action: @escaping () -> Void) { self.action = action }

    public static func makeView(reading modifier: ModifierSource<OnAppearModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let outputs = content(inputs)
        inputs.context.mainThreadActions.append(inputs.graph.withoutRecordingReads { modifier.value.action })
        return outputs
    }
}

/// `.accessibilityIdentifier(_:)`: names the button below for ``ViewHost/tap(_:)``.
public struct AccessibilityIdentifierModifier: BuiltInViewModifier, Hashable, Sendable {
    let identifier: String

    @usableFromInline
    init(identifier: String) { self.identifier = identifier }

    public static func makeView(reading modifier: ModifierSource<AccessibilityIdentifierModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        var childInputs = inputs
        childInputs.buttonIdentifier = inputs.graph.withoutRecordingReads { modifier.value.identifier }
        return content(childInputs)
    }
}

/// `.disabled(_:)`: while `isDisabled`, the buttons below act on no tap and the content is drawn
/// at half opacity; a `disabled(false)` below a `disabled(true)` does not enable them again, as in
/// SwiftUI. A button reads whether it is enabled as last rendered, like its action.
public struct DisabledModifier: BuiltInViewModifier, Hashable, Sendable {
    let isDisabled: Bool

    /// The opacity of disabled content.
    static let disabledOpacity = 0.5

    @usableFromInline
    init(isDisabled: Bool) { self.isDisabled = isDisabled }

    public static func makeView(reading modifier: ModifierSource<DisabledModifier>, inputs: ViewInputs, content: (ViewInputs) -> ViewOutputs) -> ViewOutputs {
        let graph = inputs.graph
        let parent = inputs.isEnabled
        let isEnabled = graph.rule(name: "disabled.isEnabled") { (parent?.value ?? true) && !modifier.value.isDisabled }
        var childInputs = inputs
        childInputs.isEnabled = isEnabled
        let child = content(childInputs)
        // Dimmed where this modifier disables what was enabled (not again below a disabled one).
        let displayList = graph.rule(name: "disabled.displayList") {
            isEnabled.value || parent?.value == false
                ? child.displayList.value : DisplayList.group([child.displayList.value], opacity: disabledOpacity)
        }
        return ViewOutputs(layout: child.layout, displayList: displayList)
    }
}

extension View {
    /// Disables the buttons below when `disabled` is `true`: ``ViewHost/tap(_:)`` on one reports
    /// ``ViewDiagnostic/disabledButton(_:)`` and runs nothing.
    @inlinable
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, DisabledModifier> {
        modifier(DisabledModifier(isDisabled: disabled))
    }

    /// A frame of fixed width and/or height; negative or non-finite sizes are reported and
    /// replaced by 0.
    @inlinable
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, FrameModifier> {
        modifier(FrameModifier(width: width, height: height, alignment: alignment))
    }

    /// Padding on every edge (16 by default).
    @inlinable
    public func padding(_ length: Double = 16) -> ModifiedContent<Self, PaddingModifier> {
        modifier(PaddingModifier(insets: EdgeInsets(all: length)))
    }

    /// Padding with different insets per edge.
    @inlinable
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, PaddingModifier> {
        modifier(PaddingModifier(insets: insets))
    }

    /// Moves the view by `x`, `y` without affecting layout.
    @inlinable
    public func offset(x: Double = 0, y: Double = 0) -> ModifiedContent<Self, OffsetModifier> {
        modifier(OffsetModifier(offset: Point(x: x, y: y)))
    }

    /// Draws the view with `opacity` (0…1).
    @inlinable
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, OpacityModifier> {
        modifier(OpacityModifier(opacity: opacity))
    }

    /// Draws `background` behind the view, in its frame.
    @inlinable
    public func background<Background: View>(_ background: Background) -> ModifiedContent<Self, BackgroundModifier<Background>> {
        modifier(BackgroundModifier(background: background))
    }

    /// Sets an environment value for the views below.
    @inlinable
    public func environment<Value: Equatable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> ModifiedContent<Self, EnvironmentModifier<Value>> {
        modifier(EnvironmentModifier(keyPath: keyPath, value: value))
    }

    /// Sets the font of the text below (an environment-writing modifier).
    @inlinable
    public func font(_ font: Font) -> ModifiedContent<Self, EnvironmentModifier<Font>> {
        environment(\.font, font)
    }

    /// Sets the color of the text and shapes below (an environment-writing modifier).
    @inlinable
    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, EnvironmentModifier<Color?>> {
        environment(\.foregroundColor, color)
    }

    /// Animates changes below with `animation` whenever `value` changes.
    @inlinable
    public func animation<Value: Equatable>(_ animation: Animation?, value: Value) -> ModifiedContent<Self, AnimationModifier<Value>> {
        modifier(AnimationModifier(animation: animation, value: value))
    }

    /// How the view enters and leaves when a `ForEach` inserts or removes it.
    @inlinable
    public func transition(_ transition: Transition) -> ModifiedContent<Self, TransitionModifier> {
        modifier(TransitionModifier(transition: transition))
    }

    /// Runs `action` on the main thread after the frame in which the view first appears.
    @inlinable
    public func onAppear(perform action: @escaping () -> Void) -> ModifiedContent<Self, OnAppearModifier> {
        modifier(OnAppearModifier(action: action))
    }

    /// Names the button below for ``ViewHost/tap(_:)``.
    @inlinable
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityIdentifierModifier> {
        modifier(AccessibilityIdentifierModifier(identifier: identifier))
    }
}
