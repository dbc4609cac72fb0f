import Reporting

/// Over all the talk's changes (each experiment's, replayed): a change only marks nodes, and the
/// render re-computes them; with a summary of what each change marked and ran.
struct MarkThenRenderExperiment: Experiment {
    let title = "Summary: what each change marked and ran"

    func run(_ context: RunContext) -> Report {
        let environment = EnvironmentModifier.run()
        let changes = [CounterTap.run().tap, LayoutJump.run().tap, ColorSchemeSwitch.run().change,
                       environment.darkWithFont, environment.rootFontWithFont, environment.rootFontPlain]
        let unmarkedRuns = changes.reduce(0) { total, change in total + change.nodes.filter { $0.evaluations > 0 && $0.marks == 0 }.count }
        var report = Report()
        report.claim(.exact(
            "A change only marks nodes; they are re-computed when the root display list is requested.",
            held: changes.allSatisfy { $0.evaluationsBeforeRender == 0 && $0.rootDisplayListWasDirty && $0.marks > 0 } && unmarkedRuns == 0,
            evidence: "over \(changes.count) changes: \(changes.map(\.marks).min() ?? 0)–\(changes.map(\.marks).max() ?? 0) nodes marked, "
                + "\(changes.map(\.evaluationsBeforeRender).reduce(0, +)) rules run before the render, root display list out of date "
                + "after \(changes.filter(\.rootDisplayListWasDirty).count) of \(changes.count); the render ran "
                + "\(changes.map(\.evaluations).min() ?? 0)–\(changes.map(\.evaluations).max() ?? 0) rules, \(unmarkedRuns) of them unmarked"
        ))
        report.table(summaryTable(changes), file: "summary")
        report.paragraph("In the drawings, out-of-date (dirty) nodes and pending edges are red, as AGDebugKit draws them; "
            + "nodes the render evaluated are filled; inputs are ellipses; labels show each node's value.")
        return report
    }

    /// One row per change: how much it marked and what the render ran.
    private func summaryTable(_ changes: [ObservedChange]) -> Table {
        Table(title: "What each change marked and ran", rows: changes, columns: [
            .init("change") { .text($0.description) }, .init("nodes marked", alignment: .right) { .integer($0.marks) },
            .init("rules run before the render", alignment: .right) { .integer($0.evaluationsBeforeRender) },
            .init("rules run by the render", alignment: .right) { .integer($0.evaluations) },
            .init("values unchanged", alignment: .right) { .integer($0.cutoffs) },
            .init("bodies run") { .text($0.bodiesRun.isEmpty ? "none" : $0.bodiesRun.joined(separator: ", ")) },
        ])
    }
}
