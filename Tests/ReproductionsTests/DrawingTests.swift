import Foundation
@testable import Reproductions
import Testing

@Suite struct DrawingRendererTests {
    private let drawings = [
        Drawing(name: "g-before", caption: "before", dot: "digraph { a }", shown: false),
        Drawing(name: "g-after", caption: "after", dot: "digraph { a -> b }", shown: true),
    ]

    /// The stamp records the DOT's hash after the XML declaration, and is read back.
    @Test func anSVGRecordsTheHashOfItsDOT() {
        let svg = "<?xml version=\"1.0\"?>\n<svg/>"
        let stamped = DrawingStamp.stamp(svg, dot: "digraph { a }")
        #expect(stamped.hasPrefix("<?xml version=\"1.0\"?>\n<!-- drawn from DOT fnv1a64:"))
        #expect(DrawingStamp.recordedHash(in: stamped) == DrawingStamp.hash("digraph { a }"))
        #expect(DrawingStamp.hash("digraph { a }") != DrawingStamp.hash("digraph { b }"))
        #expect(DrawingStamp.hash("").count == 16 && DrawingStamp.hash("") == "cbf29ce484222325")
        #expect(DrawingStamp.recordedHash(in: "<svg/>") == nil)
        #expect(DrawingStamp.recordedHash(in: DrawingStamp.stamp("<svg/>", dot: "x")) == DrawingStamp.hash("x"))
    }

    /// Without Graphviz, an SVG stamped with the current DOT is linked as current; one stamped with
    /// another DOT, or not stamped, is linked and said to be stale, next to its link and its image.
    @Test func withoutGraphvizStalenessComesFromTheStamp() {
        let folder = [
            "g-after.svg": DrawingStamp.stamp("<svg/>", dot: "digraph { old }"),
            "g-after.dot": "digraph { a -> b }",  // a run without Graphviz already wrote the new DOT
            "g-before.svg": DrawingStamp.stamp("<svg/>", dot: "digraph { a }"),
        ]
        let renderer = DrawingRenderer(graphviz: nil) { folder[$0] }
        #expect(renderer.source(of: drawings[0]) == .current)
        #expect(renderer.source(of: drawings[1]) == .stale)
        let (markdown, files, stale) = renderer.render(drawings)
        #expect(files.map(\.name) == ["g-before.dot", "g-after.dot"])
        #expect(stale == ["g-after.svg"])
        #expect(markdown.contains("before: [SVG](g-before.svg), [DOT](g-before.dot)"))
        #expect(markdown.contains("after: [SVG](g-after.svg) (\(DrawingRenderer.staleWarning)), [DOT](g-after.dot)"))
        #expect(markdown.contains("![The graph after](g-after.svg)\n\n_The drawing above is \(DrawingRenderer.staleWarning)._"))
        let unstamped = DrawingRenderer(graphviz: nil) { ["g-after.svg": "<svg/>", "g-after.dot": "digraph { a -> b }"][$0] }
        #expect(unstamped.source(of: drawings[1]) == .unstamped)
        #expect(unstamped.render(drawings).markdown.contains("some drawings are DOT only") == false)
        #expect(unstamped.render(drawings).stale == ["g-after.svg"])
    }

    /// With a (fake) Graphviz, a run draws and stamps every SVG; runs without it that follow, with
    /// a changed graph, say the drawing is stale, and keep saying so however many there are.
    @Test func stalenessSurvivesRunsWithoutGraphviz() throws {
        let root = temporaryPath()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let fakeDot = root.appendingPathComponent("dot")
        // Prints an SVG holding its input, as `dot -Tsvg` would draw it.
        try "#!/bin/sh\nprintf '<?xml version=\"1.0\"?>\\n<svg>'\ncat\nprintf '</svg>\\n'\n"
            .write(to: fakeDot, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeDot.path)
        let graphviz = Graphviz(executable: fakeDot)
        let folder = root.appendingPathComponent("Fake")
        func run(_ dot: String, graphviz: Graphviz?) throws -> (readme: String, stale: [String]) {
            var report = Report()
            report.drawings([Drawing(name: "g", caption: "the graph", dot: dot, shown: true)])
            let written = try ResultsWriter(root: root, graphviz: graphviz).write(report, for: fixedPaper([]), command: "c", machine: "m", quick: false)
            return (try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8), written.staleDrawings)
        }
        let drawn = try run("digraph { a }", graphviz: graphviz)
        let svg = try String(contentsOf: folder.appendingPathComponent("g.svg"), encoding: .utf8)
        #expect(svg.contains("<svg>digraph { a }</svg>") && DrawingStamp.recordedHash(in: svg) == DrawingStamp.hash("digraph { a }"))
        #expect(drawn.stale.isEmpty && !drawn.readme.contains("stale"))
        #expect(try run("digraph { a }", graphviz: nil).stale.isEmpty, "the same graph without Graphviz: current")
        for _ in 0 ..< 3 {
            let later = try run("digraph { a -> b }", graphviz: nil)
            #expect(later.stale == ["g.svg"])
            #expect(later.readme.contains("the graph: [SVG](g.svg) (\(DrawingRenderer.staleWarning)), [DOT](g.dot)"))
            #expect(try String(contentsOf: folder.appendingPathComponent("g.svg"), encoding: .utf8) == svg, "the SVG is kept as drawn")
            #expect(try String(contentsOf: folder.appendingPathComponent("g.dot"), encoding: .utf8) == "digraph { a -> b }")
        }
        let redrawn = try run("digraph { a -> b }", graphviz: graphviz)
        #expect(redrawn.stale.isEmpty)
        #expect(DrawingStamp.recordedHash(in: try String(contentsOf: folder.appendingPathComponent("g.svg"), encoding: .utf8))
            == DrawingStamp.hash("digraph { a -> b }"))
    }

    /// Without Graphviz and with no SVG, a drawing is DOT only.
    @Test func withoutGraphvizOrSVGADrawingIsDOTOnly() {
        let (markdown, files, stale) = DrawingRenderer(graphviz: nil) { _ in nil }.render(drawings)
        #expect(files.map(\.name) == ["g-before.dot", "g-after.dot"] && stale.isEmpty)
        #expect(markdown.contains("before: [DOT](g-before.dot)") && markdown.contains("some drawings are DOT only"))
        #expect(!markdown.contains("!["))
    }
}
