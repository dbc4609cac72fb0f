import Scheduling

/// Names of types for node names (`"\(Content.self)"`, `"\(Content.self).geometry"`), made once
/// per type and suffix.
///
/// Printing a generic type's name demangles its metadata, which costs more than making the node
/// it names; a list of 10,000 rows names some 100,000 nodes after a handful of types. Joining a
/// suffix to a long generic name copies it, so names with a suffix are remembered too: building
/// a list makes no string per node.
///
/// A name asked for again with the same suffix `String` (a literal, as every caller passes) is
/// found in a small table by the type and the suffix's two words, without hashing the suffix's
/// text; others are found in a dictionary.
enum TypeName {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let suffix: String
    }

    /// A slot of a table of recent names (this one's, and each host's ``TypeNameCache``): a type,
    /// a suffix's two words (the suffix itself kept alive, so that the address in its words is not
    /// reused for other text while cached), and the name.
    struct Recent {
        var type: ObjectIdentifier?
        var words: (UInt64, UInt64) = (0, 0)
        var suffix = ""
        var name = ""

        /// Whether the slot holds the name of `type` with the suffix whose words are `words`.
        func holds(_ type: ObjectIdentifier, _ words: (UInt64, UInt64)) -> Bool {
            self.type == type && self.words == words
        }
    }

    /// The name of `type` with the suffix whose words are `words` in the pair of `table`'s slots
    /// that `slot` is in, if either holds it.
    ///
    /// A name may be in either slot of its pair (``remember(_:at:in:)``), so that two names a list
    /// row asks for in turn that share a pair both stay: with one slot a name, they would displace
    /// each other at every use, and whether they shared one depended on where the linker put the
    /// types' metadata.
    static func recentName(_ type: ObjectIdentifier, _ words: (UInt64, UInt64), at slot: Int, in table: [Recent]) -> String? {
        let first = slot & ~1
        if table[first].holds(type, words) { return table[first].name }
        if table[first + 1].holds(type, words) { return table[first + 1].name }
        return nil
    }

    /// Puts `recent` first in the pair of `table`'s slots that `slot` is in, the name that was
    /// first moving to second (see ``recentName(_:_:at:in:)``). A name found in the second slot
    /// stays there, so the next miss in the pair replaces the name put there first, not the one
    /// used least recently: for the fixed sequence of names a list row asks for, the same.
    static func remember(_ recent: Recent, at slot: Int, in table: inout [Recent]) {
        let first = slot & ~1
        table[first + 1] = table[first]
        table[first] = recent
    }

    private struct Names {
        var byKey: [Key: String] = [:]
        var recent = [Recent](repeating: Recent(), count: TypeName.slotCount)
    }

    private static let names = Protected(Names())

    /// `String(describing: type) + suffix`, made on first use and remembered.
    static func of(_ type: Any.Type, suffix: String = "") -> String {
        let id = ObjectIdentifier(type)
        let words = words(of: suffix)
        let slot = slot(of: id, words: words)
        return names.withLock { names in
            if let name = recentName(id, words, at: slot, in: names.recent) { return name }
            let key = Key(type: id, suffix: suffix)
            let name: String
            if let known = names.byKey[key] {
                name = known
            } else {
                name = String(describing: type) + suffix
                names.byKey[key] = name
            }
            remember(Recent(type: id, words: words, suffix: suffix, name: name), at: slot, in: &names.recent)
            return name
        }
    }

    /// Number of slots of the table of recent names, a power of two.
    static let slotCount = 64

    /// The two words of `suffix`: equal for the same literal.
    static func words(of suffix: String) -> (UInt64, UInt64) {
        unsafeBitCast(suffix, to: (UInt64, UInt64).self)
    }

    /// The slot, `0 ..< count` (a power of two), of a table of recent names for `type` and a
    /// suffix's `words`.
    static func slot(of type: ObjectIdentifier, words: (UInt64, UInt64), in count: Int = slotCount) -> Int {
        let mixed = ((UInt64(UInt(bitPattern: type)) ^ words.0) &* 0x9E37_79B9_7F4A_7C15 ^ words.1) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - count.trailingZeroBitCount))
    }
}
