import Foundation
import Reporting

/// Writes a source's results into `<root>/<folder>/`: the generated files, and the README's region
/// between the generated-region markers (a README holding only that region is created if there is
/// none).
struct ResultsWriter {
    let root: URL

    /// Writes `results` for `source`; returns the paths written.
    @discardableResult
    func write(_ results: SourceResults, for source: any ReproductionSource, region: String) throws -> [String] {
        let folder = root.appendingPathComponent(source.folder, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written: [String] = []
        for file in results.allFiles {
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
        return written
    }
}
