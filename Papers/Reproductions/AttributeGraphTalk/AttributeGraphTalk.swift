import Reporting

/// The attribute-graph talk (seed `001_2873d7689cdefd38.txt`): its four on-stage experiments
/// (counter, layout jump, color scheme, environment modifier) replayed on our view layer, with
/// per-node evaluation counts and Graphviz drawings of the graph around each change.
struct AttributeGraphTalk: ReproductionSource {
    let name = "attributegraphtalk"
    let folder = "AttributeGraphTalk"
    let summary = "The attribute-graph talk: which nodes run for a tap, a layout jump, dark mode, a font modifier"

    func run(_ context: RunContext) -> SourceResults {
        context.log("experiment 1: counter")
        let counter = CounterExperiment.run()
        context.log("experiment 2: layout jump")
        let layoutJump = LayoutJumpExperiment.run()
        context.log("experiment 3: color scheme")
        let colorScheme = ColorSchemeExperiment.run()
        context.log("experiment 4: environment modifier")
        let environment = EnvironmentModifierExperiment.run()
        let changes = [counter.tap, layoutJump.tap, colorScheme.change,
                       environment.darkWithFont, environment.rootFontWithFont, environment.rootFontPlain]

        var results = SourceResults()
        results.claim(counter.claim)
        results.claim(layoutJump.claim)
        results.claim(colorScheme.claim)
        results.claim(environment.claim)
        let unmarkedRuns = changes.reduce(0) { total, change in total + change.nodes.filter { $0.evaluations > 0 && $0.marks == 0 }.count }
        results.claim(ClaimCheck(
            "A change only marks nodes; they are re-computed when the root display list is requested.",
            held: changes.allSatisfy { $0.evaluationsBeforeRender == 0 && $0.rootDisplayListWasDirty && $0.marks > 0 } && unmarkedRuns == 0,
            gated: true,
            evidence: "over \(changes.count) changes: \(changes.map(\.marks).min() ?? 0)–\(changes.map(\.marks).max() ?? 0) nodes marked, "
                + "\(changes.map(\.evaluationsBeforeRender).reduce(0, +)) rules run before the render, root display list out of date "
                + "after \(changes.filter(\.rootDisplayListWasDirty).count) of \(changes.count); the render ran "
                + "\(changes.map(\.evaluations).min() ?? 0)–\(changes.map(\.evaluations).max() ?? 0) rules, \(unmarkedRuns) of them unmarked"
        ))

        let graphviz = Graphviz.find()
        if graphviz == nil { context.log("Graphviz's dot is not installed: writing the drawings as DOT only") }
        results.heading("Summary")
        results.table(summaryTable(changes), file: "summary")
        results.paragraph(graphviz == nil
            ? "Graphviz's `dot` was not installed when this was generated, so the drawings are DOT files only."
            : "In the drawings, out-of-date (dirty) nodes and pending edges are red, as AGDebugKit draws them; "
                + "nodes the render evaluated are filled; inputs are ellipses; labels show each node's value.")

        results.heading("Experiment 1: the counter")
        results.table(counter.tap.table, file: "counter")
        results.drawings(of: counter.tap, file: "counter", graphviz: graphviz)
        results.heading("Experiment 2: the layout jump")
        results.table(layoutJump.tap.table, file: "layout-jump")
        results.drawings(of: layoutJump.tap, file: "layout-jump", graphviz: graphviz)
        results.heading("Experiment 3: the color scheme")
        results.table(colorScheme.change.table, file: "color-scheme")
        results.drawings(of: colorScheme.change, file: "color-scheme", graphviz: graphviz)
        results.heading("Experiment 4: an environment-writing modifier")
        results.table(environment.readsTable, file: "environment-reads")
        results.table(environment.darkWithFont.table, file: "environment-dark")
        results.drawings(of: environment.darkWithFont, file: "environment-dark", graphviz: graphviz)
        results.table(environment.rootFontWithFont.table, file: "environment-root-font")
        results.drawings(of: environment.rootFontWithFont, file: "environment-root-font", graphviz: graphviz)
        results.table(environment.rootFontPlain.table, file: "environment-root-font-plain")
        results.drawings(of: environment.rootFontPlain, file: "environment-root-font-plain", graphviz: graphviz)
        return results
    }

    /// One row per change: how much it marked and what the render ran.
    private func summaryTable(_ changes: [ObservedChange]) -> Table {
        var table = Table(title: "What each change marked and ran", columns: [
            Column("change"), Column("nodes marked", alignment: .right), Column("rules run before the render", alignment: .right),
            Column("rules run by the render", alignment: .right), Column("values unchanged", alignment: .right), Column("bodies run"),
        ])
        for change in changes {
            table.append([
                .text(change.description), .integer(change.marks), .integer(change.evaluationsBeforeRender),
                .integer(change.evaluations), .integer(change.cutoffs),
                .text(change.bodiesRun.isEmpty ? "none" : change.bodiesRun.joined(separator: ", ")),
            ])
        }
        return table
    }
}
