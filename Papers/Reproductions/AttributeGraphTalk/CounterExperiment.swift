import Views

/// The talk's first experiment: tapping the counter's button re-evaluates the counter's body,
/// not the content view's, because the state node feeds only the body that reads it.
struct CounterExperiment {
    /// The tap, from 0 to 1.
    let tap: ObservedChange
    /// Whether the frame after the tap shows the new count, "1".
    let showsNewCount: Bool

    static func run() -> CounterExperiment {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let tap = ObservedChange.observe("tap the counter's button (0 → 1)", host: host, at: 1) {
            host.tap(TalkViews.Counter.buttonIdentifier)
        }
        return CounterExperiment(tap: tap, showsNewCount: host.displayList.text("1") != nil)
    }

    var claim: ClaimCheck {
        ClaimCheck(
            "Tapping the counter's button re-evaluates the counter's body, not the content view's.",
            held: tap.bodiesRun == ["Counter.body ×1"] && tap.evaluations(of: "ContentView.body") == 0 && showsNewCount,
            gated: true,
            evidence: "bodies run by the frame after the tap: \(tap.bodiesRun.joined(separator: ", ")); "
                + "ContentView.body ×\(tap.evaluations(of: "ContentView.body")); "
                + (showsNewCount ? "the label reads \"1\"; " : "the label does not read \"1\"; ")
                + "\(tap.evaluations) rules run in all"
        )
    }
}
