import Foundation
@testable import Reproductions
import Testing
import Views

@Suite struct AttributeGraphTalkTests {
    private let context = RunContext(quick: true) { _ in }

    @Test func everyClaimHoldsAndIsGated() {
        let results = Paper.attributeGraphTalk.run(context)
        #expect(results.claims.count == 5)
        for claim in results.claims {
            #expect(claim.verdict == .held, "\(claim.statement): \(claim.evidence)")
            #expect(claim.isGated)
        }
    }

    /// The tap marks without evaluating; the render runs the counter's body and lists the content
    /// view's body with zero evaluations.
    @Test func observedTapSeparatesMarksFromEvaluations() {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let tap = ObservedChange.observe("tap", host: host, at: 1) { host.tap(TalkViews.Counter.buttonIdentifier) }
        #expect(tap.evaluationsBeforeRender == 0)
        #expect(tap.rootDisplayListWasDirty)
        #expect(tap.bodiesRun == ["Counter.body ×1"])
        #expect(tap.nodes(named: "Counter.state").first?.marks == 0)
        #expect(tap.marked.nodes.contains { $0.name == "Counter.body" && $0.state.contains("dirty") })
        #expect(!tap.after.nodes.contains { $0.name == "Counter.body" && $0.state.contains("dirty") })
        let rows = (0 ..< tap.table.rows.count).map { tap.table.text(row: $0, column: 0) }
        #expect(rows.contains { $0.hasPrefix("ContentView.body (n") })
        #expect(rows.contains { $0.hasPrefix("Counter.body (n") })
    }

    @Test func drawingsShowMarksPendingEdgesAndEvaluatedNodesWithoutAddresses() {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let change = ObservedChange.observe("dark", host: host, at: 1) { host.updateEnvironment { $0.colorScheme = .dark } }
        let drawings = change.drawings
        #expect(!drawings.before.contains("color=red"))
        #expect(drawings.marked.contains("fontcolor=red"))
        #expect(drawings.marked.contains("[color=red];"))
        #expect(!drawings.marked.contains("fillcolor"))
        #expect(drawings.after.contains("fillcolor"))
        for dot in [drawings.before, drawings.marked, drawings.after] {
            #expect(dot.hasPrefix("digraph Constraints {"))
            #expect(!dot.contains("0x"))
        }
    }

    @Test func runsAreRepeatable() {
        let first = Paper.attributeGraphTalk.run(context).renderedFiles()
        let second = Paper.attributeGraphTalk.run(context).renderedFiles()
        #expect(first.map(\.name) == second.map(\.name))
        #expect(first.map(\.contents) == second.map(\.contents))
    }

    @Test func eachChangeHasThreeDrawingsTheLastTwoShown() {
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let change = ObservedChange.observe("tap", host: host, at: 1) { host.tap(TalkViews.Counter.buttonIdentifier) }
        var report = Report()
        report.drawings(of: change, file: "counter")
        let rendered = report.rendered()
        #expect(rendered.files.map(\.name) == ["counter-before.dot", "counter-marked.dot", "counter-after.dot", "results.json"])
        #expect(rendered.region.contains("before the change: [DOT](counter-before.dot)"))
        #expect(rendered.region.contains("[DOT](counter-marked.dot)"))
        #expect(!rendered.region.contains(".svg"))
    }

    @Test(.enabled(if: Graphviz.find() != nil, "needs Graphviz's dot"))
    func withGraphvizTheDrawingsAreAlsoSVG() throws {
        let graphviz = try #require(Graphviz.find())
        #expect(graphviz.svg("digraph { a -> b }")?.contains("<svg") == true)
        #expect(graphviz.svg("this is not DOT") == nil)
        let host = TalkViews.renderedHost(TalkViews.ContentView())
        let change = ObservedChange.observe("tap", host: host, at: 1) { host.tap(TalkViews.Counter.buttonIdentifier) }
        var report = Report()
        report.drawings(of: change, file: "counter")
        let rendered = report.rendered(renderer: DrawingRenderer(graphviz: graphviz) { _ in nil })
        #expect(Set(rendered.files.map(\.name)) == [
            "counter-before.dot", "counter-before.svg", "counter-marked.dot", "counter-marked.svg",
            "counter-after.dot", "counter-after.svg", "results.json",
        ])
        #expect(rendered.region.contains("![The graph after the render](counter-after.svg)"))
    }
}
