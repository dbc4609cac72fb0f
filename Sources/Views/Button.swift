import Constraints

/// A control that runs an action when tapped (``ViewHost/tap(_:)``): the action of the button as
/// last rendered, as in SwiftUI. Its label is drawn in the accent color unless a foreground color
/// is set above it. A button below ``View/disabled(_:)`` with `true` does not act on a tap.
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
        inputs.context.buttons.register(ButtonRegistration(
            title: { (weakView.cachedValue?.label as? Text)?.content },
            action: { weakView.cachedValue?.action },
            isAlive: { weakView.isAlive },
            isEnabledNode: inputs.isEnabled
        ), identifier: explicitIdentifier)
        let parentColor = inputs.environment.inheritedNode(\.foregroundColor)
        var labelInputs = inputs
        labelInputs.environment = inputs.environment.writing(\.foregroundColor, name: "Environment(button tint)") { () -> Color? in
            parentColor.value ?? .accentColor
        }
        return Label.makeView(graph.rule(name: inputs.context.typeNames.name(of: Label.self)) { view.value.label }, inputs: labelInputs)
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
    /// The title of a text label (read only for buttons without an `.accessibilityIdentifier`).
    let title: () -> String?
    /// The action of the button's current value.
    let action: () -> (() -> Void)?
    /// Whether the button's nodes still exist.
    let isAlive: () -> Bool
    /// The node of the innermost `.disabled(_:)` above the button, if any.
    let isEnabledNode: Rule<Bool>?

    /// Whether the button was enabled as last rendered (as its action is the one last rendered):
    /// reading it evaluates nothing, so a tap only marks.
    var isEnabled: Bool { isEnabledNode?.cachedValue ?? true }
}

/// The buttons of a host, found by identifier for ``ViewHost/tap(_:)``: the first button made,
/// among those still alive, whose `.accessibilityIdentifier` or (without one) label title is the
/// identifier.
///
/// Buttons with an identifier are found by a dictionary lookup, so a tap in a list of `n` such
/// buttons costs no search of the `n` (views-bench: a tap in 10,000 rows went from a scan of every
/// button's label to one lookup). Buttons found by title are scanned in order, up to the first
/// identified match. Destroyed buttons are dropped when met and, all at once, whenever the number
/// registered doubles, so registering costs amortised constant time.
final class ButtonRegistry {
    /// One registration, numbered in the order buttons were made.
    private typealias Entry = (number: Int, registration: ButtonRegistration)
    private var identified: [String: [Entry]] = [:]
    private var titled: [Entry] = []
    private var made = 0
    private var registered = 0
    private var pruneAt = 64

    func register(_ registration: ButtonRegistration, identifier: String?) {
        made += 1
        registered += 1
        if let identifier {
            identified[identifier, default: []].append((made, registration))
        } else {
            titled.append((made, registration))
        }
        if registered >= pruneAt { pruneDestroyed() }
    }

    /// The button called `identifier`, if there is one.
    func button(for identifier: String) -> ButtonRegistration? {
        var match: Entry?
        if var entries = identified[identifier] {
            let dead = entries.prefix { !$0.registration.isAlive() }.count
            if dead > 0 {
                entries.removeFirst(dead)
                registered -= dead
                identified[identifier] = entries.isEmpty ? nil : entries
            }
            match = entries.first
        }
        for entry in titled {
            if let match, entry.number > match.number { break }
            if entry.registration.isAlive() && entry.registration.title() == identifier { match = entry; break }
        }
        return match?.registration
    }

    /// Drops the destroyed buttons. The lists are rebuilt only when one was destroyed: while a
    /// list of rows is built, none is, and rebuilding the table made an array per identifier at
    /// every doubling (views-bench build: 249,258 -> 246,545 instructions per row, `build-per-row.sh`).
    private func pruneDestroyed() {
        let isAlive = { (entry: Entry) in entry.registration.isAlive() }
        if !titled.allSatisfy(isAlive) { titled.removeAll { !isAlive($0) } }
        if !identified.values.allSatisfy({ $0.allSatisfy(isAlive) }) {
            identified = identified.compactMapValues { entries in
                let alive = entries.filter(isAlive)
                return alive.isEmpty ? nil : alive
            }
        }
        registered = titled.count + identified.values.reduce(0) { $0 + $1.count }
        pruneAt = max(64, 2 * registered)
    }
}
