import Views

/// The talk's third experiment: switching to dark mode re-renders the texts in new colors and
/// evaluates no body: the resolved texts read the environment's color scheme, the bodies do not.
struct ColorSchemeSwitch {
    /// The switch from light to dark.
    let change: ObservedChange
    /// The colors of the sibling text and of the button's label, before and after.
    let greeting: (before: RGBA?, after: RGBA?)
    let label: (before: RGBA?, after: RGBA?)

    static func run() -> ColorSchemeSwitch {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let greeting = TalkViews.ContentView.greeting, label = "0"
        let before = (host.displayList.text(greeting)?.color, host.displayList.text(label)?.color)
        let change = ObservedChange.observe("switch the color scheme to dark", host: host, at: 1) {
            host.updateEnvironment { $0.colorScheme = .dark }
        }
        return ColorSchemeSwitch(
            change: change,
            greeting: (before.0, host.displayList.text(greeting)?.color),
            label: (before.1, host.displayList.text(label)?.color)
        )
    }

    var claim: Claim {
        let recolored = greeting.before != greeting.after && label.before != label.after
        return Claim.exact(
            "Switching the color scheme re-renders the text colors with zero body evaluations.",
            held: change.bodiesRun.isEmpty && recolored && greeting.after != nil && label.after != nil,
            evidence: "body evaluations: \(change.bodiesRun.count); \"\(TalkViews.ContentView.greeting)\" "
                + "\(greeting.before?.hex ?? "?") → \(greeting.after?.hex ?? "?"), button label "
                + "\(label.before?.hex ?? "?") → \(label.after?.hex ?? "?"); "
                + "Text.resolved ×\(change.evaluations(of: "Text.resolved")), \(change.evaluations) rules run in all"
        )
    }
}

/// Experiment 3 of the talk: the color scheme.
struct ColorSchemeExperiment: Experiment {
    let title = "Experiment 3: the color scheme"

    func run(_ context: RunContext) -> Report {
        let colorScheme = ColorSchemeSwitch.run()
        return Report(claim: colorScheme.claim, change: colorScheme.change, file: "color-scheme")
    }
}
