import Reporting
import Views

/// The talk's second experiment: when the counter's label grows from "9" to "10", the sibling
/// text moves to the right, yet no body but the counter's runs: the stack's layout computer
/// depends on the label's layout computer, not on any body.
struct LayoutJump {
    /// The tap from 9 to 10.
    let tap: ObservedChange
    /// The sibling text's frame before and after the tap.
    let greetingBefore: Rect?, greetingAfter: Rect?

    static func run() -> LayoutJump {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        for frame in 1 ... 9 {
            host.tap(TalkViews.Counter.buttonIdentifier)
            host.render(at: Double(frame))
        }
        let before = host.displayList.text(TalkViews.ContentView.greeting)?.frame
        let tap = ObservedChange.observe("tap the counter's button (9 → 10)", host: host, at: 10) {
            host.tap(TalkViews.Counter.buttonIdentifier)
        }
        let after = host.displayList.text(TalkViews.ContentView.greeting)?.frame
        return LayoutJump(tap: tap, greetingBefore: before, greetingAfter: after)
    }

    /// The left edge of `frame`, to one decimal.
    private func x(_ frame: Rect?) -> String {
        frame.map { NumberFormat.fixed($0.minX, decimals: 1) } ?? "?"
    }

    var claim: Claim {
        let moved = if let greetingBefore, let greetingAfter { greetingAfter.minX > greetingBefore.minX } else { false }
        return Claim.exact(
            "When the label grows from \"9\" to \"10\", the sibling text moves and no other body runs.",
            held: moved && tap.bodiesRun == ["Counter.body ×1"],
            evidence: "\"\(TalkViews.ContentView.greeting)\" moved from x = \(x(greetingBefore)) to x = \(x(greetingAfter)); bodies run: \(tap.bodiesRun.joined(separator: ", ")); "
                + "HStack.layout ×\(tap.evaluations(of: "HStack.layout")), HStack.placement ×\(tap.evaluations(of: "HStack.placement")), "
                + "Text.displayList ×\(tap.evaluations(of: "Text.displayList"))"
        )
    }
}

/// Experiment 2 of the talk: the layout jump.
struct LayoutJumpExperiment: Experiment {
    let title = "Experiment 2: the layout jump"

    func run(_ context: RunContext) -> Report {
        let layoutJump = LayoutJump.run()
        return Report(claim: layoutJump.claim, change: layoutJump.tap, file: "layout-jump")
    }
}
