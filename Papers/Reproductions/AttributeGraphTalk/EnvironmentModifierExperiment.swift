import Constraints
import Reporting
import Views

/// The talk's fourth experiment: an environment-writing modifier (`.font(.largeTitle)`) makes
/// a child environment node, and the texts below read the child instead of the root environment.
///
/// Two texts are shown with and without the modifier. For each resolved text we list the nodes it
/// reads; then we change the root environment: the color scheme (which reaches the texts through
/// the child environment) and the font (which the modifier overrides, so the texts below it do
/// not re-run, while the texts without it do).
struct EnvironmentModifier {
    /// The nodes one resolved text reads.
    struct Reads {
        var view: String
        var node: String
        var inputs: [String]
    }

    let reads: [Reads]
    /// The root color scheme switched to dark, with the modifier.
    let darkWithFont: ObservedChange
    /// The root font set to `.title`, with the modifier and without it.
    let rootFontWithFont: ObservedChange, rootFontPlain: ObservedChange
    /// The size of text "A" after the root font change, with the modifier and without it.
    let sizeWithFont: Double?, sizePlain: Double?

    /// The root font of the font changes, which `.font(.largeTitle)` overrides below it.
    static let rootFont = Font.title

    static func run() -> EnvironmentModifier {
        let plain = TalkViews.renderedHost(TalkViews.TwoTexts())
        let withFont = TalkViews.renderedHost(TalkViews.TwoTextsWithFont())
        let reads = resolvedTextReads(in: plain.graph, view: "TwoTexts") + resolvedTextReads(in: withFont.graph, view: "TwoTextsWithFont")
        let dark = ObservedChange.observe("switch the root color scheme to dark, below .font(.largeTitle)", host: withFont, at: 1) {
            withFont.updateEnvironment { $0.colorScheme = .dark }
        }
        let rootFontWithFont = ObservedChange.observe("set the root font to .title, below .font(.largeTitle)", host: withFont, at: 2) {
            withFont.updateEnvironment { $0.font = rootFont }
        }
        let rootFontPlain = ObservedChange.observe("set the root font to .title, without a font modifier", host: plain, at: 1) {
            plain.updateEnvironment { $0.font = rootFont }
        }
        return EnvironmentModifier(
            reads: reads, darkWithFont: dark, rootFontWithFont: rootFontWithFont, rootFontPlain: rootFontPlain,
            sizeWithFont: withFont.displayList.text("A")?.font.size, sizePlain: plain.displayList.text("A")?.font.size
        )
    }

    /// The names of the nodes each `Text.resolved` node of `graph` reads, in read order.
    private static func resolvedTextReads(in graph: Graph, view: String) -> [Reads] {
        let snapshot = graph.withLock { graph.snapshot() }
        let names = Dictionary(uniqueKeysWithValues: snapshot.nodes.map { ($0.id, $0.name) })
        return snapshot.nodes.filter { $0.name == "Text.resolved" }.map { node in
            Reads(view: view, node: "\(node.name) (n\(node.id))", inputs: node.inputs.map { names[$0.from] ?? "?" })
        }
    }

    var readsTable: Table {
        Table(title: "What each resolved text reads", rows: reads, columns: [
            .init("view") { .text($0.view) }, .init("node") { .text($0.node) },
            .init("reads, in order") { .text($0.inputs.joined(separator: ", ")) },
        ])
    }

    var claim: Claim {
        let plainReads = reads.filter { $0.view == "TwoTexts" }, fontReads = reads.filter { $0.view == "TwoTextsWithFont" }
        let readsChild = !fontReads.isEmpty && fontReads.allSatisfy { read in
            read.inputs.contains("Environment(font).font") && !read.inputs.contains { $0.hasPrefix("Environment(root)") }
        }
        let plainReadsRoot = !plainReads.isEmpty && plainReads.allSatisfy { $0.inputs.contains("Environment(root).font") }
        let darkThroughChild = darkWithFont.evaluations(of: "Environment(font)") > 0
            && darkWithFont.evaluations(of: "Text.resolved") == fontReads.count
        let overridden = rootFontWithFont.evaluations(of: "Text.resolved") == 0 && sizeWithFont == Font.largeTitle.size
        let plainResized = rootFontPlain.evaluations(of: "Text.resolved") == plainReads.count && sizePlain == Self.rootFont.size
        return Claim.exact(
            "An environment-writing modifier (font) makes the texts below depend on the child environment, not the root one.",
            held: readsChild && plainReadsRoot && darkThroughChild && overridden && plainResized
                && darkWithFont.bodiesRun.isEmpty && rootFontWithFont.bodiesRun.isEmpty && rootFontPlain.bodiesRun.isEmpty,
            evidence: "below .font(.largeTitle) the \(fontReads.count) resolved texts read "
                + "\(fontReads.first?.inputs.filter { $0.hasPrefix("Environment") }.joined(separator: ", ") ?? "nothing") "
                + "and no Environment(root) node; without it they read Environment(root).font; "
                + "root font → .title re-runs Text.resolved ×\(rootFontPlain.evaluations(of: "Text.resolved")) without the modifier "
                + "(size \(sizePlain.map { NumberFormat.fixed($0, decimals: 0) } ?? "?")) and ×\(rootFontWithFont.evaluations(of: "Text.resolved")) below it "
                + "(size \(sizeWithFont.map { NumberFormat.fixed($0, decimals: 0) } ?? "?")); dark mode reaches the texts through Environment(font) "
                + "×\(darkWithFont.evaluations(of: "Environment(font)")) (Text.resolved ×\(darkWithFont.evaluations(of: "Text.resolved"))); no body ran"
        )
    }
}

/// Experiment 4 of the talk: an environment-writing modifier.
struct EnvironmentModifierExperiment: Experiment {
    let title = "Experiment 4: an environment-writing modifier"

    func run(_ context: RunContext) -> Report {
        let environment = EnvironmentModifier.run()
        var report = Report()
        report.claim(environment.claim)
        report.table(environment.readsTable, file: "environment-reads")
        let changes = [(environment.darkWithFont, "environment-dark"), (environment.rootFontWithFont, "environment-root-font"),
                       (environment.rootFontPlain, "environment-root-font-plain")]
        for (change, file) in changes {
            report.table(change.table, file: file)
            report.drawings(of: change, file: file)
        }
        return report
    }
}
