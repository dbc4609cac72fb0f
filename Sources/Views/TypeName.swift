import Scheduling

/// Names of types for node names (`"\(Content.self)"`, `"\(Content.self).geometry"`), made once
/// per type and suffix.
///
/// Printing a generic type's name demangles its metadata, which costs more than making the node
/// it names; a list of 10,000 rows names some 100,000 nodes after a handful of types. Joining a
/// suffix to a long generic name copies it, so names with a suffix are remembered too: building
/// a list makes no string per node.
enum TypeName {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let suffix: String
    }

    private static let names = Protected<[Key: String]>([:])

    /// `String(describing: type) + suffix`, made on first use and remembered.
    static func of(_ type: Any.Type, suffix: String = "") -> String {
        let key = Key(type: ObjectIdentifier(type), suffix: suffix)
        return names.withLock { names in
            if let name = names[key] { return name }
            let name = String(describing: type) + suffix
            names[key] = name
            return name
        }
    }
}
