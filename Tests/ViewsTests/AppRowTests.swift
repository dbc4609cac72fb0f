import Testing
@testable import Views

/// A row as apps write it (views-bench's `app` rows): a swatch of fixed size, a label in a frame of
/// fixed height, a spacer and a button found by its title. `relabel` makes the title longer and
/// larger (the row grows); otherwise the swatch changes color.
struct AppLikeRow: View, Equatable {
    let index: Int
    let relabel: Bool
    @State var isSelected = false

    var body: some View {
        HStack {
            Color(red: !relabel && isSelected ? 1 : 0.2, green: 0.5, blue: 0.8).frame(width: 16, height: 16)
            Text("Item \(index)").frame(height: 20)
            Spacer()
            Button(Self.title(index, relabelled: relabel && isSelected)) { isSelected.toggle() }
                .font(relabel && isSelected ? .title : .body)
        }
    }

    static func title(_ index: Int, relabelled: Bool) -> String { relabelled ? "Deselect \(index)" : "Select \(index)" }
}

struct AppLikeList: View, Equatable {
    let count: Int
    let relabel: Bool
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< count) { AppLikeRow(index: $0, relabel: relabel) }
        }
    }
}

/// Rows as apps write them: a change of one row evaluates and marks as many nodes whatever the
/// list's length, and a tap finds a button by its title as it is drawn now.
@Suite struct AppRowTests {
    /// The evaluations and marks of two taps on the middle row's button (by title) and the frame
    /// after each, in a list of `rows` rows.
    static func change(rows: Int, relabel: Bool) -> [(evaluations: Int, marks: Int)] {
        let host = ViewHost(rootView: AppLikeList(count: rows, relabel: relabel), size: Size(width: 400, height: Double(rows) * 20))
        host.render(at: 0)
        var counts: [(Int, Int)] = []
        for (time, selected) in [(1.0, false), (2.0, true)] {
            let title = AppLikeRow.title(rows / 2, relabelled: relabel && selected)
            #expect(host.tap(title), "no button '\(title)'")
            let marks = host.graph.statistics.marks
            host.applyPendingChanges()
            let evaluations = host.graph.statistics.evaluations
            host.render(at: time)
            counts.append((host.graph.statistics.evaluations - evaluations, host.graph.statistics.marks - marks))
        }
        return counts
    }

    @Test(arguments: [false, true])
    func oneRowChangeCostsTheSameInShortAndLongLists(relabel: Bool) {
        let short = Self.change(rows: 20, relabel: relabel), long = Self.change(rows: 500, relabel: relabel)
        #expect(short.map(\.evaluations) == long.map(\.evaluations))
        #expect(short.map(\.marks) == long.map(\.marks))
    }

    /// A relabelled row's button is found by its new title, not its old one; a row's button keeps
    /// being found while other rows change.
    @Test func aTapFindsAButtonByItsTitleAsDrawnNow() {
        let host = ViewHost(rootView: AppLikeList(count: 5, relabel: true), size: Size(width: 400, height: 200))
        host.render(at: 0)
        #expect(host.tap("Select 2"))
        host.render(at: 1)
        #expect(host.displayList.treeDescription.contains("\"Deselect 2\""))
        #expect(!host.tap("Select 2"))
        #expect(host.tap("Deselect 2"))
        host.render(at: 2)
        #expect(host.tap("Select 2"))
        #expect(host.tap("Select 4"))
    }

    /// Of two buttons with one title, a tap runs the first made; once that one's title changes,
    /// the other; once it changes back, the first again.
    @Test func theFirstButtonMadeWithATitleWins() {
        struct Pair: View {
            @State var taps = [0, 0]
            @State var firstTitle = "Go"
            var body: some View {
                VStack {
                    Button(firstTitle) { taps[0] += 1; firstTitle = firstTitle == "Go" ? "Stop" : "Go" }
                    Button("Go") { taps[1] += 1 }
                    Text("\(taps[0]) \(taps[1])")
                }
            }
        }
        let host = ViewHost(rootView: Pair(), size: Size(width: 200, height: 200))
        host.render(at: 0)
        #expect(host.tap("Go"))
        host.render(at: 1)
        #expect(host.tap("Go"))
        host.render(at: 2)
        #expect(host.tap("Stop"))
        host.render(at: 3)
        #expect(host.tap("Go"))
        host.render(at: 4)
        #expect(host.displayList.treeDescription.contains("\"3 1\""))
    }

    /// A button whose row was removed is no longer found by its title.
    @Test func aRemovedButtonIsNotFound() {
        struct Rows: View {
            @State var count = 3
            var body: some View {
                VStack {
                    ForEach(0 ..< count, id: \.self) { index in Button("Row \(index)") {} }
                    Button("remove") { count -= 1 }
                }
            }
        }
        let host = ViewHost(rootView: Rows(), size: Size(width: 200, height: 200))
        host.render(at: 0)
        #expect(host.tap("Row 2"))
        #expect(host.tap("remove"))
        host.render(at: 1)
        #expect(!host.tap("Row 2"))
        #expect(host.tap("Row 1"))
    }
}
