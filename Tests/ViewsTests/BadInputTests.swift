import Testing
@testable import Views
import Constraints

/// Bad input gives a clear diagnostic and the host keeps running.
@Suite struct BadInputTests {
    /// Duplicate ids in a `ForEach`: reported; the first item with the id is shown.
    @Test func duplicateForEachIDs() {
        let host = ViewHost(rootView: VStack {
            ForEach([1, 2, 2, 3], id: \.self) { Text("\($0)") }
        }, size: Size(width: 100, height: 200))
        host.render(at: 0)
        #expect(host.diagnostics.contains(.duplicateID("2")))
        #expect(host.displayList.leafCount == 3)
    }

    /// A negative frame size: reported and replaced by 0.
    @Test func negativeFrameSize() {
        let host = ViewHost(rootView: Color.red.frame(width: -10, height: 20), size: Size(width: 100, height: 100))
        host.render(at: 0)
        #expect(host.diagnostics.contains(.invalidFrameDimension(-10)))
        #expect(host.displayList.items == [.shape(frame: Rect(x: 50, y: 40, width: 0, height: 20), color: Color.red.resolve(in: .light))])
    }

    /// State written during body evaluation: reported as SwiftUI does; the write is applied at the
    /// next frame and the host keeps rendering.
    @Test func stateWrittenDuringBodyEvaluation() {
        struct Rewriter: View {
            @State var renders = 0
            var body: some View {
                if renders < 2 { renders += 1 }
                return Text("\(renders)")
            }
        }
        let host = ViewHost(rootView: Rewriter(), size: Size(width: 100, height: 100))
        host.render(at: 0)
        #expect(host.diagnostics.first == .modifyingStateDuringUpdate(view: "Rewriter.body"))
        host.render(at: 1)
        host.render(at: 2)
        #expect(host.displayList.treeDescription.contains("\"2\""))
    }

    /// Tapping a button that does not exist is reported, not a crash.
    @Test func unknownButton() {
        let host = ViewHost(rootView: Text("no buttons"), size: Size(width: 100, height: 100))
        #expect(!host.tap("missing"))
        #expect(host.diagnostics == [.unknownButton("missing")])
    }

    /// A disabled button does not act on a tap, which is reported; `disabled(false)` below a
    /// `disabled(true)` does not enable it again, and a button enabled again by a state change acts.
    @Test func disabledButton() {
        struct Screen: View {
            @State var count = 0
            @State var locked = true
            var body: some View {
                VStack {
                    Button("plus \(count)") { count += 1 }.accessibilityIdentifier("plus").disabled(locked)
                    Button("unlock") { locked = false }
                    Button("never") { count += 100 }.accessibilityIdentifier("never").disabled(false).disabled(true)
                }
            }
        }
        let host = ViewHost(rootView: Screen(), size: Size(width: 200, height: 200))
        host.render(at: 0)
        let evaluations = { host.graph.withLock { host.graph.statistics.evaluations } }
        let before = evaluations()
        #expect(!host.tap("plus") && !host.tap("never"))
        #expect(evaluations() == before, "a tap reads the buttons as last rendered: it evaluates nothing")
        #expect(host.diagnostics == [.disabledButton("plus"), .disabledButton("never")])
        // Disabled content is drawn at half opacity, once under two modifiers.
        #expect(host.displayList.treeDescription.components(separatedBy: "(group #:opacity 0.5").count - 1 == 2)
        #expect(host.tap("unlock"))
        host.render(at: 1)
        #expect(host.tap("plus"))
        host.render(at: 2)
        #expect(host.displayList.treeDescription.contains("plus 1"))
        #expect(host.diagnostics.count == 2)
    }
}

/// Releasing a host frees its graph and every node, whatever the tree holds.
@Suite struct HostLifetimeTests {
    /// A host with custom views, state, a `ForEach`, an `if`, environment and animation is freed
    /// once released, after rendering and after an animated change.
    @Test func releasedHostFreesItsGraph() {
        struct Row: View {
            let index: Int
            @State var on = false
            var body: some View {
                if on { Text("on \(index)") } else { Text("off \(index)").font(.caption) }
            }
        }
        struct Screen: View {
            @State var items = [1, 2, 3]
            var body: some View {
                VStack {
                    ForEach(items, id: \.self) { Row(index: $0) }
                    Button("remove") { withAnimation { _ = items.removeLast() } }
                }
                .animation(.linear(duration: 1), value: items)
            }
        }
        weak var graph: Graph?
        do {
            let host = ViewHost(rootView: Screen(), size: Size(width: 200, height: 200))
            graph = host.graph
            host.render(at: 0)
            host.tap("remove")
            host.render(at: 0.5)
            host.render(at: 2)
        }
        #expect(graph == nil)
    }
}
