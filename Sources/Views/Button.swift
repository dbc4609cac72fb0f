import Constraints

/// A control that runs an action when tapped (``ViewHost/tap(_:)``): the action of the button as
/// last rendered, as in SwiftUI. Its label is drawn in the accent color unless a foreground color
/// is set above it.
public struct Button<Label: View>: View {
    public typealias Body = Never
    let action: () -> Void
    let label: Label

    /// A button with a custom label.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    public static func makeView(_ view: Rule<Button>, inputs: ViewInputs) -> ViewOutputs {
        let graph = inputs.graph
        let weakView = WeakNode(view)
        let explicitIdentifier = inputs.buttonIdentifier
        inputs.context.buttons.append(ButtonRegistration(
            identifier: { explicitIdentifier ?? (weakView.cachedValue?.label as? Text)?.content },
            action: { weakView.cachedValue?.action },
            isAlive: { weakView.isAlive }
        ))
        let parentColor = inputs.environment.projection(\.foregroundColor)
        let tint = graph.rule(name: "Button.tint") { parentColor.value ?? .accentColor }
        var labelInputs = inputs
        labelInputs.environment = inputs.environment.writing(\.foregroundColor, graph.rule(name: "Button.tint?") { Optional(tint.value) },
                                                             name: "Environment(button tint)")
        return Label.makeView(graph.rule(name: "\(Label.self)") { view.value.label }, inputs: labelInputs)
    }
}

extension Button where Label == Text {
    /// A button whose label is `title`; ``ViewHost/tap(_:)`` finds it by that title.
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// How the host finds a button and its current action.
struct ButtonRegistration {
    /// The `.accessibilityIdentifier`, or the title of a text label.
    let identifier: () -> String?
    /// The action of the button's current value.
    let action: () -> (() -> Void)?
    /// Whether the button's nodes still exist.
    let isAlive: () -> Bool
}
