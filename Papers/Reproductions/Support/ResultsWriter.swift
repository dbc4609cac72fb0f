import Foundation
import Reporting

/// Writes a paper's report into `<root>/<folder>/`: the generated files, and the README's region
/// between the generated-region markers (a README holding only that region is created if there is
/// none). Files the report does not produce are left alone.
struct ResultsWriter {
    let root: URL
    /// Draws the drawings, or `nil` when Graphviz is not installed.
    var graphviz: Graphviz?

    /// Writes `report` for `paper`, naming `command` as its generator; returns the paths written
    /// and the SVG drawings in the folder that are older than their DOT.
    @discardableResult
    func write(_ report: Report, for paper: Paper, command: String, machine: String, quick: Bool) throws -> (written: [String], staleDrawings: [String]) {
        let folder = root.appendingPathComponent(paper.folder, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let renderer = DrawingRenderer(graphviz: graphviz) { name in
            try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let rendered = report.render(command: command, machine: machine, quick: quick, renderer: renderer)
        let region = rendered.region, files = rendered.files
        var written: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url, options: .atomic)
            written.append(url.path)
        }
        let readme = folder.appendingPathComponent("README.md")
        let updated: String
        if let existing = try? String(contentsOf: readme, encoding: .utf8) {
            updated = try GeneratedRegion.replace(in: existing, with: region)
        } else {
            updated = GeneratedRegion.document(with: region)
        }
        try Data(updated.utf8).write(to: readme, options: .atomic)
        written.append(readme.path)
        return (written, rendered.staleDrawings)
    }
}
