/// Renders a ``DisplayList`` to an SVG image of the frame. The output is deterministic: the same
/// list and size always give the same bytes.
public enum SVGRenderer {
    /// An SVG document of `size` with `background` behind `displayList`.
    public static func render(_ displayList: DisplayList, size: Size, background: RGBA = RGBA(red: 1, green: 1, blue: 1)) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Format.number(size.width))" height="\#(Format.number(size.height))" viewBox="0 0 \#(Format.number(size.width)) \#(Format.number(size.height))">"#,
            #"  <rect x="0" y="0" width="\#(Format.number(size.width))" height="\#(Format.number(size.height))" fill="\#(background.hex)"/>"#,
        ]
        for item in displayList.items { write(item, depth: 1, into: &lines) }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func write(_ item: DisplayList.Item, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        switch item {
        case .shape(let frame, let color):
            lines.append(indent + #"<rect x="\#(Format.number(frame.minX))" y="\#(Format.number(frame.minY))" width="\#(Format.number(frame.width))" height="\#(Format.number(frame.height))" fill="\#(color.hex)"\#(opacity(color.opacity))/>"#)
        case .text(let frame, let string, let font, let color):
            // The baseline sits at 80% of the line height, matching Text's metric.
            let baseline = frame.minY + font.size * 0.96
            lines.append(indent + #"<text x="\#(Format.number(frame.minX))" y="\#(Format.number(baseline))" font-family="monospace" font-size="\#(Format.number(font.size))" fill="\#(color.hex)"\#(opacity(color.opacity))>\#(escaped(string))</text>"#)
        case .group(let groupOpacity, let offset, let items):
            let transform = offset == .zero ? "" : #" transform="translate(\#(Format.number(offset.x)) \#(Format.number(offset.y)))""#
            lines.append(indent + "<g\(transform)\(opacity(groupOpacity))>")
            for child in items { write(child, depth: depth + 1, into: &lines) }
            lines.append(indent + "</g>")
        }
    }

    private static func opacity(_ value: Double) -> String {
        value >= 1 ? "" : #" opacity="\#(Format.number(value))""#
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
