/// A Graphviz drawing a report writes: `<name>.dot`, and `<name>.svg` when it can be drawn.
public struct Drawing: Sendable, Equatable {
    /// The file name without extension, such as `counter-marked`.
    public var name: String
    /// What the drawing shows, such as "after the change, before the render".
    public var caption: String
    /// The graph in Graphviz DOT.
    public var dot: String
    /// Whether the README shows it as an image (otherwise it is only linked).
    public var shown: Bool

    public init(name: String, caption: String, dot: String, shown: Bool) {
        self.name = name
        self.caption = caption
        self.dot = dot
        self.shown = shown
    }
}

/// Turns drawings into files and Markdown when a report is written. With Graphviz, each drawing is
/// drawn afresh. Without it, an SVG already in the output folder is kept and linked: as current
/// when it was drawn from the same DOT, as drawn from an earlier graph otherwise; a drawing with
/// no SVG is linked as DOT only. Nothing already there is deleted.
struct DrawingRenderer {
    /// `dot`, or `nil` when Graphviz is not installed.
    var graphviz: Graphviz?
    /// The contents of a file already in the output folder, or `nil` (no such file, or no folder).
    var existingFile: (String) -> String?

    /// How one drawing's SVG was obtained.
    enum Source: Equatable {
        /// Drawn now.
        case drawn(String)
        /// Kept from the folder, drawn from the same DOT.
        case kept
        /// Kept from the folder, drawn from a different (earlier) DOT.
        case earlier
        /// No SVG.
        case none
    }

    func source(of drawing: Drawing) -> Source {
        if let graphviz, let svg = graphviz.svg(drawing.dot) { return .drawn(svg) }
        guard existingFile(drawing.name + ".svg") != nil else { return .none }
        return existingFile(drawing.name + ".dot") == drawing.dot ? .kept : .earlier
    }

    /// The files to write and the Markdown for `drawings`: a paragraph of links, then the images.
    func render(_ drawings: [Drawing]) -> (markdown: String, files: [GeneratedFile]) {
        var files: [GeneratedFile] = [], links: [String] = [], images: [String] = []
        var earlier = false, missing = false
        for drawing in drawings {
            files.append(GeneratedFile(name: drawing.name + ".dot", contents: drawing.dot))
            let source = source(of: drawing)
            if case .drawn(let svg) = source { files.append(GeneratedFile(name: drawing.name + ".svg", contents: svg)) }
            if source == .none {
                links.append("\(drawing.caption): [DOT](\(drawing.name).dot)")
                missing = true
                continue
            }
            earlier = earlier || source == .earlier
            links.append("\(drawing.caption): [SVG](\(drawing.name).svg), [DOT](\(drawing.name).dot)")
            if drawing.shown { images.append("![The graph \(drawing.caption)](\(drawing.name).svg)\n") }
        }
        var paragraph = "Drawings (" + links.joined(separator: "; ") + ")."
        if earlier {
            paragraph += " Graphviz's `dot` was not installed when this was generated, and some SVG drawings are from an "
                + "earlier graph than their DOT file: the DOT files are current; install Graphviz and rerun to redraw them."
        } else if missing {
            paragraph += " Graphviz's `dot` was not installed when this was generated, so some drawings are DOT only."
        }
        return (([paragraph + "\n"] + images).joined(separator: "\n"), files)
    }
}
