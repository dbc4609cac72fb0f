import Views

/// The views the attribute-graph talk builds up on stage. Their type names become node names
/// (`Counter.body`, `ContentView.body`), as in the talk's drawings.
enum TalkViews {
    /// A host for `view`, laid out in 400 × 100 points, with per-node statistics on, after its
    /// first frame (which evaluates everything once).
    static func renderedHost<Root: View>(_ view: Root) -> ViewHost<Root> {
        let host = ViewHost(rootView: view, size: Size(width: 400, height: 100))
        host.graph.withLock { host.graph.recordsNodeStatistics = true }
        host.render(at: 0)
        return host
    }

    /// The talk's counter: a button labelled with the count; tapping it adds one.
    struct Counter: View {
        @State var count = 0

        var body: some View {
            Button("\(count)") { count += 1 }
                .accessibilityIdentifier(Counter.buttonIdentifier)
        }

        /// What ``Views/ViewHost/tap(_:)`` taps.
        static let buttonIdentifier = "increment"
    }

    /// The talk's content view: the counter and a text side by side.
    struct ContentView: View {
        var body: some View {
            HStack {
                Counter()
                Text(ContentView.greeting)
            }
        }

        /// The sibling text whose position the layout-jump experiment follows.
        static let greeting = "Hello, world"
    }

    /// The talk's last example: two texts in a stack, without an environment-writing modifier.
    struct TwoTexts: View {
        var body: some View {
            HStack {
                Text("A")
                Text("B")
            }
        }
    }

    /// The same two texts below `.font(.largeTitle)`, an environment-writing modifier.
    struct TwoTextsWithFont: View {
        var body: some View {
            HStack {
                Text("A")
                Text("B")
            }
            .font(.largeTitle)
        }
    }
}
