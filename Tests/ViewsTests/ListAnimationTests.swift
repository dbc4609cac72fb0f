import Constraints
import Testing
@testable import Views

/// A row of 20 points, or 40 when `tall`.
private struct ScopedRow: View, Equatable {
    let index: Int
    let tall: Bool
    var body: some View { Text("Row \(index)").frame(height: tall ? 40 : 20) }
}

/// Rows of 20 points; "grow" makes the first row 40 tall under `.animation(.linear(1), value: tall)`
/// on the list; "add" inserts a row above, not animated.
private struct ScopedList: View {
    @State var first = 0
    @State var tall = false
    var body: some View {
        VStack(spacing: 0) {
            Button("add") { first -= 1 }
            Button("grow") { tall.toggle() }
            VStack(spacing: 0) {
                ForEach(first ..< 5) { index in ScopedRow(index: index, tall: tall && index == first) }
            }
            .animation(.linear(duration: 1), value: tall)
            Spacer()
        }
    }
}

/// The list is the root view (under its `.animation(_:value:)`).
private struct RootScopedList: View {
    @State var tall = false
    var body: some View {
        VStack(spacing: 0) {
            Button("grow") { tall.toggle() }
            ForEach(0 ..< 5) { index in ScopedRow(index: index, tall: tall && index == 0) }
        }
        .animation(.linear(duration: 1), value: tall)
    }
}

/// Rows of 20 points; "add" inserts a row above them, animated linearly over one second;
/// "grow" makes the first row 50 tall without animation.
private struct InsertThenGrow: View {
    @State var first = 0
    @State var tall = false
    var body: some View {
        VStack(spacing: 0) {
            Button("add") { withAnimation(.linear(duration: 1)) { first -= 1 } }
            Button("grow") { tall = true }
            ForEach(first ..< 7) { index in ScopedRow(index: index, tall: false).frame(height: tall && index == first ? 50 : 20) }
            Spacer()
        }
    }
}

/// A list's rows move as their frames did when every row had its own: animated by the
/// transaction's animation or by an `.animation(_:value:)` whose value changed in the same update,
/// ended at once by a change without animation, and unmoved by their list's own animated frame.
@Suite struct ListAnimationTests {
    /// A non-animated change during a move animation ends it (the row is drawn at its new place at
    /// once, as a frame's Animator.present did), even in a frame at the same time.
    @Test func aNonAnimatedChangeEndsAMoveAtOnce() {
        let host = ViewHost(rootView: InsertThenGrow(), size: Size(width: 200, height: 400))
        let old = y(of: "Row 5", in: host.render(at: 10))!
        host.tap("add")
        _ = host.render(at: 10)
        let mid = y(of: "Row 5", in: host.render(at: 10.5))!
        host.tap("grow")
        let same = y(of: "Row 5", in: host.render(at: 10.5))!
        let later = y(of: "Row 5", in: host.render(at: 10.6))!
        #expect(mid != old && mid != same, "the insertion's move was under way")
        #expect(same == later)
    }

    /// A root list, grown under its `.animation(_:value:)`: later rows animate from where they were.
    @Test func scopedAnimationInARootList() {
        let host = ViewHost(rootView: RootScopedList(), size: Size(width: 200, height: 400))
        let old = y(of: "Row 2", in: host.render(at: 10))!
        host.tap("grow")
        let r10 = y(of: "Row 2", in: host.render(at: 10))!
        let r105 = y(of: "Row 2", in: host.render(at: 10.5))!
        let r11 = y(of: "Row 2", in: host.render(at: 11))!
        #expect(r10 == old, "a move animates from where the row was")
        #expect(r105 == (old + r11) / 2, "halfway at half time")
    }

    /// Scoped animation, no insertion before: row 2 should be halfway (old + 10) at t + 0.5.
    @Test func scopedAnimationMovesLaterRows() {
        let host = ViewHost(rootView: ScopedList(), size: Size(width: 200, height: 400))
        let before = host.render(at: 10)
        let old = y(of: "Row 2", in: before)!
        host.tap("grow")
        let r10 = y(of: "Row 2", in: host.render(at: 10))!
        let r105 = y(of: "Row 2", in: host.render(at: 10.5))!
        let r11 = y(of: "Row 2", in: host.render(at: 11))!
        #expect(r10 == old, "a move animates from where the row was")
        #expect(r105 == old + 10, "halfway at half time")
        #expect(r11 == old + 20, "at its new place when the animation ends")
    }

    /// Scoped animation after an insertion: the inserted row's watch effect is newer than the
    /// list's placement effect.
    @Test func scopedAnimationMovesLaterRowsAfterAnInsertion() {
        let host = ViewHost(rootView: ScopedList(), size: Size(width: 200, height: 400))
        host.render(at: 5)
        host.tap("add")
        let before = host.render(at: 10)
        let old = y(of: "Row 1", in: before)!
        host.tap("grow")
        let r10 = y(of: "Row 1", in: host.render(at: 10))!
        let r105 = y(of: "Row 1", in: host.render(at: 10.5))!
        let r11 = y(of: "Row 1", in: host.render(at: 11))!
        #expect(r10 == old, "a move animates from where the row was")
        #expect(r105 == old + 10, "halfway at half time")
        #expect(r11 == old + 20, "at its new place when the animation ends")
    }
}

/// A list whose width changes when a wider row is inserted (rows centered), inside a stack.
private struct WideningList: View {
    let wider: Bool
    @State var first = 0
    var body: some View {
        VStack(spacing: 0) {
            Button("add") { withAnimation(.linear(duration: 1)) { first -= 1 } }
            VStack(spacing: 0) {
                ForEach(first ..< 5) { index in Text(index < 0 && wider ? "Row \(index) is wider" : "R\(index + 10)").frame(height: 20) }
            }
            Spacer()
        }
    }
}

/// A list that widens while its rows move (its frame animates in its container, so its rows'
/// places across it change every frame): the rows still move along it as animated.
@Suite struct ListWideningTests {
    @Test(arguments: [false, true])
    func insertionAnimatesWhenTheListWidens(wider: Bool) {
        let host = ViewHost(rootView: WideningList(wider: wider), size: Size(width: 300, height: 400))
        let old = y(of: "R13", in: host.render(at: 10))!
        host.tap("add")
        let t0 = y(of: "R13", in: host.render(at: 10))!, t1 = y(of: "R13", in: host.render(at: 10.25))!, t2 = y(of: "R13", in: host.render(at: 10.5))!
        #expect(t0 == old, "a move animates from where the row was")
        #expect(old < t1 && t1 < t2, "and moves on as time passes")
        #expect(t2 == old + 10, "halfway at half time")
    }
}
