import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Views

private struct Card: View {
    var body: some View {
        VStack(spacing: 8) {
            Text("Title").font(.title)
            HStack {
                Color.red.frame(width: 40, height: 40)
                Color.blue.frame(width: 40, height: 40).opacity(0.5)
            }
        }
        .padding(10)
    }
}

/// Output people look at: the printed tree and the SVG image.
@Suite struct OutputTests {
    /// SVG of a small view is byte-for-byte stable (golden file in Tests/ViewsTests/Golden;
    /// regenerate it deliberately with `UPDATE_GOLDEN=1 swift test --filter svgMatchesGoldenFile`).
    @Test func svgMatchesGoldenFile() throws {
        let host = ViewHost(rootView: Card(), size: Size(width: 200, height: 160))
        host.render(at: 0)
        let svg = host.svg()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/card.svg")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(svg == golden)
    }

    /// A rendered frame is well-formed XML.
    @Test func svgIsWellFormedXML() throws {
        let host = ViewHost(rootView: Card().foregroundColor(.orange), size: Size(width: 200, height: 160))
        host.render(at: 0)
        let parser = XMLParser(data: Data(host.svg().utf8))
        #expect(parser.parse())
    }

    /// The display list prints as an S-expression tree.
    @Test func displayListPrintsAsTree() {
        let host = ViewHost(rootView: Card(), size: Size(width: 200, height: 160))
        let tree = host.render(at: 0).treeDescription
        #expect(tree.hasPrefix("(display-list\n  (text \"Title\""))
        #expect(tree.contains("(group #:opacity 0.5"))
    }
}
