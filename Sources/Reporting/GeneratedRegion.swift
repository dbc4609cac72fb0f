import Foundation

/// The part of a Markdown document that a tool owns: the lines between
/// `<!-- BEGIN GENERATED -->` and `<!-- END GENERATED -->` (or, for a document with several such
/// parts, `<!-- BEGIN NAME -->` and `<!-- END NAME -->`). Everything outside is left as written.
public enum GeneratedRegion {
    public static let beginMarker = beginMarker(named: defaultName)
    public static let endMarker = endMarker(named: defaultName)
    /// The name of the region when none is given.
    public static let defaultName = "GENERATED"

    /// The opening marker of the region called `name`.
    public static func beginMarker(named name: String) -> String { "<!-- BEGIN \(name) -->" }
    /// The closing marker of the region called `name`.
    public static func endMarker(named name: String) -> String { "<!-- END \(name) -->" }

    /// Why a document's generated region could not be rewritten.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missingMarkers
        case repeatedMarkers
        case markersOutOfOrder

        public var description: String {
            switch self {
            case .missingMarkers: "the document has no \(beginMarker) … \(endMarker) region"
            case .repeatedMarkers: "the document has more than one generated region"
            case .markersOutOfOrder: "\(endMarker) comes before \(beginMarker)"
            }
        }
    }

    /// `document` with the text between the markers of the region called `name` replaced by
    /// `content`. The markers stay on their own lines; `content` is followed by exactly one line
    /// break.
    public static func replace(in document: String, with content: String, name: String = defaultName) throws(Failure) -> String {
        let begins = document.ranges(of: beginMarker(named: name))
        let ends = document.ranges(of: endMarker(named: name))
        guard let begin = begins.first, let end = ends.first else { throw .missingMarkers }
        guard begins.count == 1, ends.count == 1 else { throw .repeatedMarkers }
        guard begin.upperBound <= end.lowerBound else { throw .markersOutOfOrder }
        var body = content
        while body.hasSuffix("\n") { body.removeLast() }
        var result = String(document[..<begin.upperBound])
        result += "\n" + body + "\n"
        result += document[end.lowerBound...]
        return result
    }

    /// A document holding only a generated region with `content`, for a folder without a README.
    public static func document(with content: String) -> String {
        var body = content
        while body.hasSuffix("\n") { body.removeLast() }
        return beginMarker + "\n" + body + "\n" + endMarker + "\n"
    }
}

extension GeneratedRegion {
    /// Why the region of a file could not be rewritten, in words naming the file and the region.
    public struct UpdateError: Error, Equatable, CustomStringConvertible {
        /// What went wrong, for the user.
        public let description: String
    }

    /// Checks that the file at `path` exists, is a readable UTF-8 document and has exactly one
    /// well-formed region called `name`, without changing it: a tool that takes minutes to compute
    /// the region's content checks its `--readme` first. Returns the document's text.
    @discardableResult
    public static func check(fileAt path: String, name: String) throws(UpdateError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UpdateError(description: "\(path) does not exist (give the path of a document with a \(beginMarker(named: name)) … \(endMarker(named: name)) region)")
        }
        guard !isDirectory.boolValue else {
            throw UpdateError(description: "\(path) is a folder, not a document with a \(beginMarker(named: name)) … \(endMarker(named: name)) region")
        }
        guard let document = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw UpdateError(description: "cannot read \(path) as UTF-8 text")
        }
        do {
            _ = try replace(in: document, with: "", name: name)
        } catch {
            let problem = switch error {
            case .missingMarkers: "has no \(beginMarker(named: name)) … \(endMarker(named: name)) region"
            case .repeatedMarkers: "has more than one \(name) region"
            case .markersOutOfOrder: "has \(endMarker(named: name)) before \(beginMarker(named: name))"
            }
            throw UpdateError(description: "\(path) \(problem)")
        }
        return document
    }

    /// Rewrites the region called `name` of the file at `path` with `content`.
    ///
    /// - Throws: ``UpdateError`` when the file does not exist, is a folder, cannot be read as UTF-8
    ///   text or written, or lacks the region's markers.
    public static func update(fileAt path: String, name: String, with content: String) throws(UpdateError) {
        let document = try check(fileAt: path, name: name)
        let updated: String
        do {
            updated = try replace(in: document, with: content, name: name)
        } catch {
            preconditionFailure("GeneratedRegion: check(fileAt:name:) accepted a document replace(in:with:name:) rejects")
        }
        do {
            try FileSystem.write(updated, to: path)
        } catch {
            throw UpdateError(description: error.description)
        }
    }
}
