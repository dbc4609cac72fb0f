extension SourceResults {
    /// Writes the three drawings of `change` as `<file>-before`, `<file>-marked` and
    /// `<file>-after` (DOT, and SVG when `graphviz` is given), shows the last two and links all.
    mutating func drawings(of change: ObservedChange, file: String, graphviz: Graphviz?) {
        let drawings = change.drawings
        let states = [
            (suffix: "before", caption: "before the change", shown: false, dot: drawings.before),
            (suffix: "marked", caption: "after the change, before the render", shown: true, dot: drawings.marked),
            (suffix: "after", caption: "after the render", shown: true, dot: drawings.after),
        ]
        var links: [String] = []
        var images: [(svg: String, name: String, caption: String)] = []
        for state in states {
            let name = "\(file)-\(state.suffix)"
            self.file(name + ".dot", contents: state.dot)
            if let svg = graphviz?.svg(state.dot) {
                links.append("\(state.caption): [SVG](\(name).svg), [DOT](\(name).dot)")
                if state.shown {
                    images.append((svg, name, "The graph \(state.caption): \(change.description)"))
                } else {
                    self.file(name + ".svg", contents: svg)
                }
            } else {
                links.append("\(state.caption): [DOT](\(name).dot)")
            }
        }
        paragraph("Drawings (" + links.joined(separator: "; ") + ").")
        for image in images { chart(image.svg, file: image.name, caption: image.caption) }
    }
}
