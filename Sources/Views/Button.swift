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
        let buttons = inputs.context.buttons
        let registration = buttons.register(identifier: explicitIdentifier, action: { weakView.cachedValue?.action },
                                            isAlive: { weakView.isAlive }, isEnabledNode: inputs.isEnabled)
        let parentColor = inputs.environment.inheritedNode(\.foregroundColor)
        var labelInputs = inputs
        labelInputs.environment = inputs.environment.writing(\.foregroundColor, name: "Environment(button tint)") { () -> Color? in
            parentColor.value ?? .accentColor
        }
        // The label node is the only reader of the button's node: it runs whenever a new value of
        // the button does, and tells the registry the title of a button found by title.
        let label = graph.rule(name: inputs.context.typeNames.name(of: Label.self)) { () -> Label in
            let button = view.value
            if explicitIdentifier == nil { buttons.setTitle((button.label as? Text)?.content, of: registration) }
            return button.label
        }
        return Label.makeView(label, inputs: labelInputs)
    }
}

extension Button where Label == Text {
    /// A button whose label is `title`; ``ViewHost/tap(_:)`` finds it by that title.
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// The buttons of a host, found by identifier for ``ViewHost/tap(_:)``: the first button made,
/// among those still alive, whose `.accessibilityIdentifier` or (without one) label title is the
/// identifier. A title is the content of a text label as the button's label node last computed it
/// (``ButtonRegistry/setTitle(_:of:)``).
///
/// Buttons are kept in two tables, by identifier and by title, each entry's list in the order the
/// buttons were made, so a tap costs a lookup in each whatever the number of buttons. Destroyed
/// buttons are dropped when met at the front of a list and, all at once, whenever the number
/// registered doubles, so registering costs amortised constant time.
final class ButtonRegistry {
    /// One button.
    final class Registration {
        /// The order in which buttons were made: the first made wins a tap.
        let number: Int
        /// The action of the button's current value.
        let action: () -> (() -> Void)?
        /// Whether the button's nodes still exist.
        let isAlive: () -> Bool
        /// The node of the innermost `.disabled(_:)` above the button, if any.
        let isEnabledNode: Rule<Bool>?
        /// The title under which the button is listed (a button without an identifier whose label
        /// is a text), `nil` while it has none.
        fileprivate var title: String?

        fileprivate init(number: Int, action: @escaping () -> (() -> Void)?, isAlive: @escaping () -> Bool,
                         isEnabledNode: Rule<Bool>?) {
            self.number = number
            self.action = action
            self.isAlive = isAlive
            self.isEnabledNode = isEnabledNode
        }

        /// Whether the button was enabled as last rendered (as its action is the one last rendered):
        /// reading it evaluates nothing, so a tap only marks.
        var isEnabled: Bool { isEnabledNode?.cachedValue ?? true }
    }

    private var identified: [String: [Registration]] = [:]
    private var titled: [String: [Registration]] = [:]
    private var made = 0
    /// Entries in both tables.
    private var registered = 0
    private var pruneAt = 64

    /// Registers a button made now, listed by `identifier` if it has one (otherwise by title, once
    /// its label tells it, ``setTitle(_:of:)``).
    func register(identifier: String?, action: @escaping () -> (() -> Void)?, isAlive: @escaping () -> Bool,
                  isEnabledNode: Rule<Bool>?) -> Registration {
        made += 1
        let registration = Registration(number: made, action: action, isAlive: isAlive, isEnabledNode: isEnabledNode)
        if let identifier {
            identified[identifier, default: []].append(registration)
            added()
        }
        return registration
    }

    /// Lists `registration` (a button without an identifier) under `title`, its label's text as the
    /// label node computed it now (`nil`: not a text).
    func setTitle(_ title: String?, of registration: Registration) {
        guard registration.title != title else { return }
        if let old = registration.title {
            titled[old]?.removeAll { $0 === registration }
            if titled[old]?.isEmpty == true { titled[old] = nil }
            registered -= 1
        }
        registration.title = title
        guard let title else { return }
        // In the order made: a button retitled after others were made goes before them.
        var list = titled.removeValue(forKey: title) ?? []
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].number < registration.number { low = middle + 1 } else { high = middle }
        }
        list.insert(registration, at: low)
        titled[title] = list
        added()
    }

    /// The button called `identifier`, if there is one.
    func button(for identifier: String) -> Registration? {
        let byIdentifier = firstAlive(in: &identified, identifier)
        let byTitle = firstAlive(in: &titled, identifier)
        return switch (byIdentifier, byTitle) {
        case (let some?, nil), (nil, let some?): some
        case (let left?, let right?): left.number < right.number ? left : right
        case (nil, nil): nil
        }
    }

    /// The first button alive listed under `key` in `table`; the destroyed ones before it are dropped.
    private func firstAlive(in table: inout [String: [Registration]], _ key: String) -> Registration? {
        guard let list = table[key] else { return nil }
        let dead = list.prefix { !$0.isAlive() }.count
        guard dead > 0 else { return list.first }
        registered -= dead
        let alive = list.dropFirst(dead)
        table[key] = alive.isEmpty ? nil : Array(alive)
        return alive.first
    }

    /// Counts an entry added, and drops the destroyed buttons when the count doubled.
    private func added() {
        registered += 1
        if registered >= pruneAt { pruneDestroyed() }
    }

    /// Drops the destroyed buttons. The tables are rebuilt only when one was destroyed: while a
    /// list of rows is built, none is.
    private func pruneDestroyed() {
        func pruned(_ table: inout [String: [Registration]]) {
            guard !table.values.allSatisfy({ $0.allSatisfy { $0.isAlive() } }) else { return }
            table = table.compactMapValues { list in
                let alive = list.filter { $0.isAlive() }
                return alive.isEmpty ? nil : alive
            }
        }
        pruned(&identified)
        pruned(&titled)
        registered = identified.values.reduce(0) { $0 + $1.count } + titled.values.reduce(0) { $0 + $1.count }
        pruneAt = max(64, 2 * registered)
    }
}
