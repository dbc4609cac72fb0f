/// What to draw: the value of display-list nodes, a tree of drawing commands in host coordinates.
///
/// Leaves produce a shape or a text; containers combine their children's lists (like a preference:
/// many inputs, one value); effects (opacity, transitions) wrap a list in a group.
public struct DisplayList: Hashable, Sendable {
    /// The items, back to front.
    public var items: [Item]

    public init(_ items: [Item] = []) { self.items = items }

    /// One drawing command.
    public indirect enum Item: Hashable, Sendable {
        /// A filled rectangle.
        case shape(frame: Rect, color: RGBA)
        /// A line of text; `frame` is the text's layout frame.
        case text(frame: Rect, string: String, font: Font, color: RGBA)
        /// Children drawn with an opacity and an offset.
        case group(opacity: Double, offset: Point, items: [Item])
    }

    /// A list of one group, or the children themselves when the group changes nothing.
    static func group(_ lists: [DisplayList], opacity: Double = 1, offset: Point = .zero) -> DisplayList {
        let items = lists.flatMap(\.items)
        if opacity == 1 && offset == .zero { return DisplayList(items) }
        return DisplayList([.group(opacity: opacity, offset: offset, items: items)])
    }

    /// Number of leaf items (shapes and texts).
    public var leafCount: Int {
        func count(_ items: [Item]) -> Int {
            items.reduce(0) { total, item in
                if case .group(_, _, let children) = item { return total + count(children) }
                return total + 1
            }
        }
        return count(items)
    }

    /// The list as an indented S-expression tree, like OpenSwiftUI's `OPENSWIFTUI_PRINT_TREE=1`.
    public var treeDescription: String {
        var lines = ["(display-list"]
        func write(_ item: Item, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            switch item {
            case .shape(let frame, let color):
                lines.append("\(indent)(shape #:frame \(frame) #:color \(color.hex) #:opacity \(Format.number(color.opacity)))")
            case .text(let frame, let string, let font, let color):
                lines.append("\(indent)(text \(quoted(string)) #:frame \(frame) #:size \(Format.number(font.size)) #:color \(color.hex))")
            case .group(let opacity, let offset, let items):
                lines.append("\(indent)(group #:opacity \(Format.number(opacity)) #:offset (\(Format.number(offset.x)), \(Format.number(offset.y)))")
                for child in items { write(child, depth: depth + 1) }
                lines[lines.count - 1] += ")"
            }
        }
        for item in items { write(item, depth: 1) }
        lines[lines.count - 1] += ")"
        return lines.joined(separator: "\n")
    }

    private func quoted(_ string: String) -> String {
        "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
