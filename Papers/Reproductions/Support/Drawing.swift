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
/// drawn afresh and its SVG stamped with the hash of its DOT (``DrawingStamp``). Without it, an SVG
/// already in the output folder is kept and linked, and whether it is current is decided from its
/// stamp against the DOT written now, so that it stays stated however many runs follow; a drawing
/// with no SVG is linked as DOT only. Nothing already there is deleted.
struct DrawingRenderer {
    /// `dot`, or `nil` when Graphviz is not installed.
    var graphviz: Graphviz?
    /// The contents of a file already in the output folder, or `nil` (no such file, or no folder).
    var existingFile: (String) -> String?

    /// How one drawing's SVG was obtained.
    enum Source: Equatable {
        /// Drawn now (stamped).
        case drawn(String)
        /// Kept from the folder, stamped with the hash of the current DOT.
        case current
        /// Kept from the folder, stamped with the hash of another (earlier) DOT.
        case stale
        /// Kept from the folder, with no stamp: not known to match the current DOT.
        case unstamped
        /// No SVG.
        case none
    }

    func source(of drawing: Drawing) -> Source {
        if let graphviz, let svg = graphviz.svg(drawing.dot) { return .drawn(DrawingStamp.stamp(svg, dot: drawing.dot)) }
        guard let svg = existingFile(drawing.name + ".svg") else { return .none }
        switch DrawingStamp.recordedHash(in: svg) {
        case DrawingStamp.hash(drawing.dot): return .current
        case nil: return .unstamped
        default: return .stale
        }
    }

    /// The files to write and the Markdown for `drawings` (a paragraph of links, then the images),
    /// and the names of the SVG files that are not current.
    func render(_ drawings: [Drawing]) -> (markdown: String, files: [GeneratedFile], stale: [String]) {
        var files: [GeneratedFile] = [], links: [String] = [], images: [String] = [], stale: [String] = []
        var missing = false
        for drawing in drawings {
            files.append(GeneratedFile(name: drawing.name + ".dot", contents: drawing.dot))
            let source = source(of: drawing)
            let svg = drawing.name + ".svg"
            var warning = ""
            switch source {
            case .drawn(let contents):
                files.append(GeneratedFile(name: svg, contents: contents))
            case .current:
                break
            case .stale:
                warning = Self.staleWarning
            case .unstamped:
                warning = Self.unstampedWarning
            case .none:
                links.append("\(drawing.caption): [DOT](\(drawing.name).dot)")
                missing = true
                continue
            }
            if !warning.isEmpty { stale.append(svg) }
            links.append("\(drawing.caption): [SVG](\(svg))\(warning.isEmpty ? "" : " (\(warning))"), [DOT](\(drawing.name).dot)")
            if drawing.shown {
                images.append("![The graph \(drawing.caption)](\(svg))\n" + (warning.isEmpty ? "" : "\n_The drawing above is \(warning)._\n"))
            }
        }
        var paragraph = "Drawings (" + links.joined(separator: "; ") + ")."
        if !stale.isEmpty {
            paragraph += " Graphviz's `dot` was not installed when this was generated: the DOT files are current, and the SVG "
                + "drawings marked stale are not; install Graphviz and rerun to redraw them."
        } else if missing {
            paragraph += " Graphviz's `dot` was not installed when this was generated, so some drawings are DOT only."
        }
        return (([paragraph + "\n"] + images).joined(separator: "\n"), files, stale)
    }

    static let staleWarning = "stale: drawn from an earlier graph than its DOT file"
    static let unstampedWarning = "stale: not known to be drawn from its DOT file (it records no DOT hash)"
}

/// The stamp a drawn SVG carries: an XML comment recording the hash of the DOT it was drawn from,
/// so that a later run without Graphviz can tell whether it is still current.
enum DrawingStamp {
    /// The 64-bit FNV-1a hash of `dot`'s UTF-8 bytes, as 16 hexadecimal digits: a check for
    /// staleness, not a cryptographic digest.
    static func hash(_ dot: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in dot.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static let prefix = "<!-- drawn from DOT fnv1a64:"

    /// `svg` with the comment recording `dot`'s hash, after the XML declaration when there is one
    /// (nothing may come before it).
    static func stamp(_ svg: String, dot: String) -> String {
        let comment = prefix + hash(dot) + " -->"
        if svg.hasPrefix("<?xml"), let end = svg.range(of: "?>") {
            return String(svg[..<end.upperBound]) + "\n" + comment + String(svg[end.upperBound...])
        }
        return comment + "\n" + svg
    }

    /// The DOT hash `svg` records, or `nil` when it has none.
    static func recordedHash(in svg: String) -> String? {
        guard let start = svg.range(of: prefix) else { return nil }
        let digits = svg[start.upperBound...].prefix { $0.isHexDigit }
        return digits.count == 16 ? String(digits) : nil
    }
}
