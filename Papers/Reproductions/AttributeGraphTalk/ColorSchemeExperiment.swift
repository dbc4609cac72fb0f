import Views

/// The talk's third experiment: switching to dark mode re-renders the texts in new colors and
/// evaluates no body: the resolved texts read the environment's color scheme, the bodies do not.
struct ColorSchemeExperiment {
    /// The switch from light to dark.
    let change: ObservedChange
    /// The colors of the sibling text and of the button's label, before and after.
    let greeting: (before: RGBA?, after: RGBA?)
    let label: (before: RGBA?, after: RGBA?)

    static func run() -> ColorSchemeExperiment {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let greeting = TalkViews.ContentView.greeting, label = "0"
        let before = (host.displayList.text(greeting)?.color, host.displayList.text(label)?.color)
        let change = ObservedChange.observe("switch the color scheme to dark", host: host, at: 1) {
            host.updateEnvironment { $0.colorScheme = .dark }
        }
        return ColorSchemeExperiment(
            change: change,
            greeting: (before.0, host.displayList.text(greeting)?.color),
            label: (before.1, host.displayList.text(label)?.color)
        )
    }

    var claim: ClaimCheck {
        let recolored = greeting.before != greeting.after && label.before != label.after
        return ClaimCheck(
            "Switching the color scheme re-renders the text colors with zero body evaluations.",
            held: change.bodiesRun.isEmpty && recolored && greeting.after != nil && label.after != nil,
            gated: true,
            evidence: "body evaluations: \(change.bodiesRun.count); \"\(TalkViews.ContentView.greeting)\" "
                + "\(greeting.before?.hex ?? "?") → \(greeting.after?.hex ?? "?"), button label "
                + "\(label.before?.hex ?? "?") → \(label.after?.hex ?? "?"); "
                + "Text.resolved ×\(change.evaluations(of: "Text.resolved")), \(change.evaluations) rules run in all"
        )
    }
}
