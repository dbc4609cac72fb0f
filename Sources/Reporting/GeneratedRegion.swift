/// The part of a Markdown document that a tool owns: the lines between
/// `<!-- BEGIN GENERATED -->` and `<!-- END GENERATED -->`. Everything outside is left as written.
public enum GeneratedRegion {
    public static let beginMarker = "<!-- BEGIN GENERATED -->"
    public static let endMarker = "<!-- END GENERATED -->"

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

    /// `document` with the text between the markers replaced by `content`. The markers stay on
    /// their own lines; `content` is followed by exactly one line break.
    public static func replace(in document: String, with content: String) throws(Failure) -> String {
        let begins = document.ranges(of: beginMarker)
        let ends = document.ranges(of: endMarker)
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
