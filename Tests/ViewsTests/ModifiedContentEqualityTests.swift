import Testing
import Views

/// A view whose `==` is never true, as a view written to force its update would be.
private struct NeverEqual: View, Equatable {
    static func == (lhs: NeverEqual, rhs: NeverEqual) -> Bool { false }
    var body: some View { Text("never") }
}

/// A modified view compares its content and its modifier every time, as the synthesized `==` of
/// its parts did, though its copies share one storage: a content whose `==` is not reflexive
/// keeps its modified view unequal to a copy of itself.
@Suite struct ModifiedContentEqualityTests {
    @Test func copiesCompareTheirParts() {
        let view = NeverEqual().padding(1)
        let copy = view
        #expect(view != copy)
        let nan = Color(red: .nan, green: 0, blue: 0).padding(1)
        #expect(nan != nan)
        #expect(Text("a").padding(1) == Text("a").padding(1))
        #expect(Text("a").padding(1) != Text("a").padding(2))
    }
}
