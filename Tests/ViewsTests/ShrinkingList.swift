@testable import Views

/// Rows that slide out quickly when the button drops the last one, in a stack centred in the host:
/// when a leaving row is finally removed the stack shrinks and every remaining row moves,
/// animated while a drop is recent.
struct ShrinkingList: View {
    @State var items = [1, 2, 3]

    var body: some View {
        VStack(spacing: 2) {
            ForEach(items, id: \.self) { _ in
                Color.blue.frame(height: 10).transition(.slide)
            }
            Button("drop") { if !items.isEmpty { items.removeLast() } }
        }
        .animation(.linear(duration: 0.05), value: items)
    }
}
