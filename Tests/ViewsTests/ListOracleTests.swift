import Constraints
import Testing
@testable import Views

/// A row of fixed size, larger (by fractions of a point) when `big`.
private struct Box: View, Equatable {
    let index: Int
    let big: Bool
    var body: some View {
        Text("B\(index)").frame(width: Double(10 + index * 3) + (big ? 7.3 : 0), height: Double(5 + index) + (big ? 11.1 : 0), alignment: .leading)
    }
}

/// A flexible row.
private struct Flex: View, Equatable {
    let index: Int
    var body: some View { ZStack { Rectangle(); Text("F\(index)") } }
}

/// The kinds of container compared: vertical, horizontal and overlaid rows, rows one of which is
/// flexible, and rows that are lists themselves.
enum ListKind: Equatable { case v, h, z, vflex, hflex, nested }

/// The same rows in a list (`dynamic`: a `ForEach`) or in a static container.
private struct Lists: View {
    let kind: ListKind
    let dynamic: Bool
    @State var big = -1
    @State var count = 4
    var body: some View {
        VStack(spacing: 1) {
            Button("grow1") { big = 1 }
            Button("grow0") { big = 0 }
            Button("more") { count += 1 }
            Button("fewer") { count = 0 }
            content
            Spacer()
        }
    }
    @ViewBuilder var content: some View {
        switch kind {
        case .v:
            if dynamic { VStack(alignment: .trailing, spacing: 3.3) { ForEach(0 ..< count) { Box(index: $0, big: big == $0) } } }
            else { VStack(alignment: .trailing, spacing: 3.3) { Box(index: 0, big: big == 0); Box(index: 1, big: big == 1); Box(index: 2, big: big == 2); Box(index: 3, big: big == 3) } }
        case .h:
            if dynamic { HStack(alignment: .bottom, spacing: 2.1) { ForEach(0 ..< count) { Box(index: $0, big: big == $0) } } }
            else { HStack(alignment: .bottom, spacing: 2.1) { Box(index: 0, big: big == 0); Box(index: 1, big: big == 1); Box(index: 2, big: big == 2); Box(index: 3, big: big == 3) } }
        case .z:
            if dynamic { ZStack(alignment: Alignment(horizontal: 0.7, vertical: 1)) { ForEach(0 ..< count) { Box(index: $0, big: big == $0) } } }
            else { ZStack(alignment: Alignment(horizontal: 0.7, vertical: 1)) { Box(index: 0, big: big == 0); Box(index: 1, big: big == 1); Box(index: 2, big: big == 2); Box(index: 3, big: big == 3) } }
        case .vflex:
            if dynamic { VStack(spacing: 2) { ForEach(0 ..< count) { i in if i == 1 { Flex(index: i) } else { Box(index: i, big: big == i) } } } }
            else { VStack(spacing: 2) { Box(index: 0, big: big == 0); Flex(index: 1); Box(index: 2, big: big == 2); Box(index: 3, big: big == 3) } }
        case .hflex:
            if dynamic { HStack(spacing: 2) { ForEach(0 ..< count) { i in if i == 1 { Flex(index: i) } else { Box(index: i, big: big == i) } } } }
            else { HStack(spacing: 2) { Box(index: 0, big: big == 0); Flex(index: 1); Box(index: 2, big: big == 2); Box(index: 3, big: big == 3) } }
        case .nested:
            if dynamic { VStack(spacing: 1) { ForEach(0 ..< count) { i in HStack(spacing: 1) { ForEach(0 ..< 3) { j in Box(index: i + j, big: big == i) } } } } }
            else { VStack(spacing: 1) { ForEach(0 ..< 0) { _ in EmptyView() }; HStack(spacing: 1) { Box(index: 0, big: big == 0); Box(index: 1, big: big == 0); Box(index: 2, big: big == 0) }; HStack(spacing: 1) { Box(index: 1, big: big == 1); Box(index: 2, big: big == 1); Box(index: 3, big: big == 1) }; HStack(spacing: 1) { Box(index: 2, big: big == 2); Box(index: 3, big: big == 2); Box(index: 4, big: big == 2) }; HStack(spacing: 1) { Box(index: 3, big: big == 3); Box(index: 4, big: big == 3); Box(index: 5, big: big == 3) } } }
        }
    }
}

/// A list draws exactly what a static container of the same rows draws: the list places its rows
/// itself (`ListPlacement`, `DisplayListTree`), the static container through their frames.
@Suite struct ListOracleTests {
    /// The same items first, after a row grows, after another does, and after the host resizes.
    @Test(arguments: [ListKind.v, .h, .z, .vflex, .hflex])
    func listDrawsAsStaticContainer(kind: ListKind) {
        let a = ViewHost(rootView: Lists(kind: kind, dynamic: true), size: Size(width: 300, height: 400))
        let b = ViewHost(rootView: Lists(kind: kind, dynamic: false), size: Size(width: 300, height: 400))
        #expect(a.render(at: 0).items == b.render(at: 0).items, "initial \(kind)")
        for (step, tap) in ["grow1", "grow0"].enumerated() {
            a.tap(tap); b.tap(tap)
            #expect(a.render(at: Double(step + 1)).items == b.render(at: Double(step + 1)).items, "\(tap) \(kind)")
        }
        a.setSize(Size(width: 250, height: 333)); b.setSize(Size(width: 250, height: 333))
        #expect(a.render(at: 5).items == b.render(at: 5).items, "resize \(kind)")
    }

    /// A list emptied, refilled, emptied and grown to many rows draws and reports nothing wrong.
    @Test func emptyListAndBack() {
        let a = ViewHost(rootView: Lists(kind: .nested, dynamic: true), size: Size(width: 300, height: 400))
        a.render(at: 0)
        a.tap("fewer"); _ = a.render(at: 1)
        a.tap("more"); _ = a.render(at: 2)
        a.tap("more"); let l = a.render(at: 3)
        #expect(l.items.count > 0)
        a.tap("fewer"); _ = a.render(at: 4)
        for _ in 0 ..< 30 { a.tap("more") }
        a.tap("grow1")
        #expect(a.render(at: 5).leafCount > 30)
        #expect(a.diagnostics.isEmpty, "\(a.diagnostics)")
    }

    /// Rows that are lists themselves draw as static rows of static containers.
    @Test func nestedListDrawsAsStatic() {
        let a = ViewHost(rootView: Lists(kind: .nested, dynamic: true), size: Size(width: 300, height: 400))
        let b = ViewHost(rootView: Lists(kind: .nested, dynamic: false), size: Size(width: 300, height: 400))
        #expect(a.render(at: 0).items == b.render(at: 0).items)
        a.tap("grow1"); b.tap("grow1")
        #expect(a.render(at: 1).items == b.render(at: 1).items)
    }
}
