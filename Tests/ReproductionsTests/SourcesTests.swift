import Foundation
@testable import Reproductions
import Testing

/// What a researcher cites must be in the repository: each paper's README ends with its sources in
/// full, and nothing points at files outside a clone.
@Suite struct SourcesTests {
    /// The package root (this file is `Tests/ReproductionsTests/SourcesTests.swift`).
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyPaperReadmeEndsWithItsSources() throws {
        for paper in Paper.all {
            let readme = try String(contentsOf: root.appendingPathComponent("Papers/\(paper.folder)/README.md"), encoding: .utf8)
            let headings = readme.split(separator: "\n").filter { $0.hasPrefix("## ") }
            #expect(headings.last == "## Sources", "\(paper.folder)")
            let sources = readme.components(separatedBy: "## Sources").last ?? ""
            let references = sources.split(separator: "\n").filter { $0.first?.isNumber == true }
            #expect(!references.isEmpty, "\(paper.folder) lists its references")
            #expect(sources.contains("<https://"), "\(paper.folder) gives the references' addresses")
            #expect(sources.range(of: #"(19|20)\d\d"#, options: .regularExpression) != nil, "\(paper.folder) gives years")
        }
    }

    /// No file of the repository points into the project's source documents outside it.
    @Test func nothingPointsOutsideTheRepository() throws {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        var offenders: [String] = []
        for case let url as URL in files {
            if url.lastPathComponent.hasPrefix(".") { files.skipDescendants(); continue }  // .build, .git, scratch paths
            let path = url.path.dropFirst(root.path.count)
            guard ["swift", "md", "sh"].contains(url.pathExtension),
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            if text.contains("shared/" + "seeds") || text.contains("../" + "shared") { offenders.append(String(path)) }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
