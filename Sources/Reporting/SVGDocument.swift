/// A minimal SVG writer: elements are appended as text in order, attributes in the order given,
/// numbers with one decimal, so the same drawing always gives the same bytes.
struct SVGDocument {
    let width: Double
    let height: Double
    private var elements: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Appends an empty element such as `<line x1="0" …/>`.
    mutating func add(_ name: String, _ attributes: [(String, String)]) {
        elements.append("<\(name)\(Self.attributeText(attributes))/>")
    }

    /// Appends an element with escaped text content, such as `<text …>label</text>`.
    mutating func add(_ name: String, _ attributes: [(String, String)], text: String) {
        elements.append("<\(name)\(Self.attributeText(attributes))>\(Self.escaped(text))</\(name)>")
    }

    /// Appends a `<text>` element.
    mutating func text(_ content: String, x: Double, y: Double, anchor: String = "start",
                       size: Double = 12, weight: String? = nil, rotate: Bool = false) {
        var attributes = [("x", Self.number(x)), ("y", Self.number(y)), ("text-anchor", anchor),
                          ("font-size", Self.number(size))]
        if let weight { attributes.append(("font-weight", weight)) }
        if rotate { attributes.append(("transform", "rotate(-90 \(Self.number(x)) \(Self.number(y)))")) }
        add("text", attributes, text: content)
    }

    /// Appends a straight line.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String,
                       width: Double = 1, dashed: Bool = false) {
        var attributes = [("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
                          ("y2", Self.number(y2)), ("stroke", stroke), ("stroke-width", Self.number(width))]
        if dashed { attributes.append(("stroke-dasharray", "4 3")) }
        add("line", attributes)
    }

    /// Appends a filled rectangle.
    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: String) {
        add("rect", [("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(width)),
                     ("height", Self.number(height)), ("fill", fill)])
    }

    /// The complete document, with an XML declaration and a white background.
    func rendered() -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
                + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"Helvetica, Arial, sans-serif\">",
            "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#ffffff\"/>",
        ]
        lines += elements
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A coordinate or length: one decimal, trailing `.0` dropped.
    static func number(_ value: Double) -> String {
        NumberFormat.trimmed(NumberFormat.fixed(value, decimals: 1))
    }

    /// `text` with the five XML special characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }
}
