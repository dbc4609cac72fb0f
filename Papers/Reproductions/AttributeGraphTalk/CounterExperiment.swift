import Views

/// The talk's first experiment: tapping the counter's button re-evaluates the counter's body,
/// not the content view's, because the state node feeds only the body that reads it.
struct CounterTap {
    /// The tap, from 0 to 1.
    let tap: ObservedChange
    /// Whether the frame after the tap shows the new count, "1".
    let showsNewCount: Bool

    static func run() -> CounterTap {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let tap = ObservedChange.observe("tap the counter's button (0 → 1)", host: host, at: 1) {
            host.tap(TalkViews.Counter.buttonIdentifier)
        }
        return CounterTap(tap: tap, showsNewCount: host.displayList.text("1") != nil)
    }

    var claim: Claim {
        Claim.exact(
            "Tapping the counter's button re-evaluates the counter's body, not the content view's.",
            held: tap.bodiesRun == ["Counter.body ×1"] && tap.evaluations(of: "ContentView.body") == 0 && showsNewCount,
            evidence: "bodies run by the frame after the tap: \(tap.bodiesRun.joined(separator: ", ")); "
                + "ContentView.body ×\(tap.evaluations(of: "ContentView.body")); "
                + (showsNewCount ? "the label reads \"1\"; " : "the label does not read \"1\"; ")
                + "\(tap.evaluations) rules run in all"
        )
    }
}

/// Experiment 1 of the talk: the counter.
struct CounterExperiment: Experiment {
    let title = "Experiment 1: the counter"

    func run(_ context: RunContext) -> Report {
        let counter = CounterTap.run()
        return Report(claim: counter.claim, change: counter.tap, file: "counter")
    }
}
