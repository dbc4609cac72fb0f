import Constraints

/// A line of text.
///
/// Nodes: the text value (from the parent), a *resolved text* node combining the environment's
/// font, foreground color and color scheme into what the text draws with, a layout computer reading
/// only the string and the font, and a display list drawing the string as resolved, positioned by
/// the text's geometry. Switching the color scheme re-resolves the text without evaluating any body
/// and without measuring it again; a new string is drawn and measured again without resolving.
///
/// Text is measured with a deterministic monospace metric: each character is 0.6 × the font size
/// wide and a line is 1.2 × the font size tall, so layout results are exact.
public struct Text: View, Hashable, Sendable {
    public typealias Body = Never
    /// The string shown.
    public let content: String

    public init(_ content: String) { self.content = content }
    public init(verbatim content: String) { self.content = content }

    /// The size of `string` in `font`.
    public static func size(of string: String, font: Font) -> Size {
        Size(width: Double(string.count) * font.size * 0.6, height: font.size * 1.2)
    }

    public static func makeView(_ view: Rule<Text>, inputs: ViewInputs) -> ViewOutputs {
        let graph = inputs.graph
        let font = inputs.environment.projection(\.font)
        let resolved = graph.rule(name: "Text.resolved", body: TextResolved(
            font: font, color: inputs.environment.projection(\.foregroundColor), scheme: inputs.environment.projection(\.colorScheme)))
        let layout = graph.rule(name: "Text.layout", body: TextLayout(view: view, font: font))
        let displayList = graph.rule(name: "Text.displayList", body: TextDisplayList(
            view: view, resolved: resolved, geometry: inputs.geometry, lists: DisplayList.LeafListMaker()))
        return ViewOutputs(layout: layout, displayList: displayList)
    }
}

// A text's rules, as stored bodies (``RuleBody``): a list makes two texts per row (see "Rules as
// stored bodies" in `Docs/Views.md`).

/// `Text.resolved`: the font, and the foreground color under the color scheme.
struct TextResolved: RuleBody {
    let font: Rule<Font>
    let color: Rule<Color?>
    let scheme: Rule<ColorScheme>

    var value: ResolvedText { ResolvedText(font: font.value, color: (color.value ?? .primary).resolve(in: scheme.value)) }
}

/// `Text.layout`: a fixed size, the string's in the font.
struct TextLayout: RuleBody {
    let view: Rule<Text>
    let font: Rule<Font>

    var value: LayoutComputer { LayoutComputer.fixed(Text.size(of: view.value.content, font: font.value)) }
}

/// `Text.displayList`: the string as resolved, at the text's frame.
struct TextDisplayList: RuleBody {
    let view: Rule<Text>
    let resolved: Rule<ResolvedText>
    let geometry: Rule<Rect>
    let lists: DisplayList.LeafListMaker

    var value: DisplayList {
        let text = resolved.value
        return lists.text(view.value.content, font: text.font, frame: geometry.value, color: text.color)
    }
}

/// What a text draws with, from its environment: a plain value (no string), which the equality
/// cutoff compares in place.
struct ResolvedText: Hashable {
    var font: Font
    var color: RGBA

    /// Equal when both are. The color is compared first: it is what a color-scheme switch changes.
    static func == (lhs: ResolvedText, rhs: ResolvedText) -> Bool {
        lhs.color == rhs.color && lhs.font == rhs.font
    }
}
