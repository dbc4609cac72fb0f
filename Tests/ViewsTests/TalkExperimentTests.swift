import Constraints
import Testing
@testable import Views

/// Counts body evaluations per view type, like the print statements of the talk.
final class BodyLog: @unchecked Sendable {
    private(set) var counts: [String: Int] = [:]
    func record(_ name: String) { counts[name, default: 0] += 1 }
    func count(_ name: String) -> Int { counts[name, default: 0] }
    func reset() { counts = [:] }
}

private struct Counter: View {
    let log: BodyLog
    @State var count = 0
    var body: some View {
        let _ = log.record("Counter")
        Button("\(count)") { count += 1 }
            .accessibilityIdentifier("increment")
    }
}

private struct Greeting: View {
    let log: BodyLog
    var body: some View {
        let _ = log.record("Greeting")
        Text("Hello, world")
    }
}

private struct ContentView: View {
    let log: BodyLog
    var body: some View {
        let _ = log.record("ContentView")
        HStack {
            Counter(log: log)
            Greeting(log: log)
        }
    }
}

/// The four experiments of the attribute-graph talk (Papers/AttributeGraphTalk), as evaluation counts.
@Suite struct TalkExperimentTests {
    /// Experiment 1: tapping the counter's button re-evaluates the counter's body only.
    @Test func counterTapEvaluatesOnlyTheCounterBody() {
        let log = BodyLog()
        let host = ViewHost(rootView: ContentView(log: log), size: Size(width: 400, height: 100))
        host.render(at: 0)
        #expect(log.counts == ["ContentView": 1, "Counter": 1, "Greeting": 1])
        log.reset()
        #expect(host.tap("increment"))
        host.render(at: 1)
        #expect(log.counts == ["Counter": 1])
        #expect(host.displayList.treeDescription.contains("\"1\""))
    }

    /// Experiment 2: the sibling text moves when the label grows from "9" to "10", and no body
    /// other than the counter's runs.
    @Test func layoutJumpMovesSiblingWithoutItsBody() {
        let log = BodyLog()
        let host = ViewHost(rootView: ContentView(log: log), size: Size(width: 400, height: 100))
        host.render(at: 0)
        for _ in 0 ..< 9 { host.tap("increment") }
        host.render(at: 1)
        let before = textFrame("Hello, world", in: host.displayList)
        log.reset()
        host.tap("increment")
        host.render(at: 2)
        let after = textFrame("Hello, world", in: host.displayList)
        #expect(log.counts == ["Counter": 1])
        #expect(after != nil && before != nil && after!.minX > before!.minX)
    }

    /// Experiment 3: switching the color scheme re-renders text colors with no body evaluation.
    @Test func colorSchemeChangeEvaluatesNoBody() {
        let log = BodyLog()
        let host = ViewHost(rootView: ContentView(log: log), size: Size(width: 400, height: 100))
        host.render(at: 0)
        #expect(textColor("Hello, world", in: host.displayList) == "#000000")
        log.reset()
        host.updateEnvironment { $0.colorScheme = .dark }
        host.render(at: 1)
        #expect(log.counts.isEmpty)
        #expect(textColor("Hello, world", in: host.displayList) == "#FFFFFF")
    }

    /// Experiment 4: texts below `.font(_:)` read the modifier's environment, not the root one.
    @Test func fontModifierRepointsTextsToChildEnvironment() {
        struct TwoTexts: View {
            var body: some View {
                HStack {
                    Text("A")
                    Text("B")
                }
                .font(.largeTitle)
            }
        }
        let host = ViewHost(rootView: TwoTexts(), size: Size(width: 400, height: 100))
        host.render(at: 0)
        let snapshot = host.graph.snapshot()
        let names = Dictionary(uniqueKeysWithValues: snapshot.nodes.map { ($0.id, $0.name) })
        let resolved = snapshot.nodes.filter { $0.name == "Text.resolved" }
        #expect(resolved.count == 2)
        for node in resolved {
            let inputs = node.inputs.map { names[$0.from]! }
            #expect(inputs.contains("Environment(font).font"))
            #expect(!inputs.contains { $0.hasPrefix("Environment(root)") })
        }
        #expect(host.displayList.treeDescription.contains("#:size 34"))
    }
}

func textFrame(_ string: String, in list: DisplayList) -> Rect? {
    func find(_ items: [DisplayList.Item]) -> Rect? {
        for item in items {
            switch item {
            case .text(let frame, let text, _, _) where text == string: return frame
            case .group(_, _, let children): if let found = find(children) { return found }
            default: continue
            }
        }
        return nil
    }
    return find(list.items)
}

func textColor(_ string: String, in list: DisplayList) -> String? {
    func find(_ items: [DisplayList.Item]) -> String? {
        for item in items {
            switch item {
            case .text(_, let text, _, let color) where text == string: return color.hex
            case .group(_, _, let children): if let found = find(children) { return found }
            default: continue
            }
        }
        return nil
    }
    return find(list.items)
}
