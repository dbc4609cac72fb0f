/// Builds view content from statements, as SwiftUI's `ViewBuilder` does: sequences become a
/// ``TupleView``, `if`/`else` a ``ConditionalContent``, `if` without `else` an optional view.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> { .first(first) }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> { .second(second) }
}
