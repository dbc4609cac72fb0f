import Scheduling

/// Names of types for node names (`"\(Content.self)"`), made once per type.
///
/// Printing a generic type's name demangles its metadata, which costs more than making the node
/// it names; a list of 10,000 rows names some 100,000 nodes after a handful of types.
enum TypeName {
    private static let names = Protected<[ObjectIdentifier: String]>([:])

    /// `String(describing: type)`, printed on first use and remembered.
    static func of(_ type: Any.Type) -> String {
        names.withLock { names in
            if let name = names[ObjectIdentifier(type)] { return name }
            let name = String(describing: type)
            names[ObjectIdentifier(type)] = name
            return name
        }
    }
}
