/// ``TypeName/of(_:suffix:)`` for the nodes of one host, without a lock: the host's recent names,
/// read and written under its graph's update lock, and ``TypeName`` (locked, shared by all hosts)
/// asked only on a miss.
///
/// A list row names about 17 nodes after types. Through ``TypeName`` each would take its lock and
/// share the table of every host; here each is a compare or two.
final class TypeNameCache {
    /// The recent names, in pairs of slots by ``TypeName/slot(of:words:in:)``. Unchecked: only the
    /// thread holding the graph's update lock uses this cache, and no access overlaps another.
    @exclusivity(unchecked)
    private var recent = [TypeName.Recent](repeating: TypeName.Recent(), count: slotCount)

    /// Number of slots: four times ``TypeName``'s, so that the score of names a list row asks for
    /// again and again rarely share a pair (two that do both stay; a third would displace one).
    private static let slotCount = 256

    /// `String(describing: type) + suffix`, as ``TypeName/of(_:suffix:)`` makes it.
    func name(of type: Any.Type, suffix: String = "") -> String {
        let id = ObjectIdentifier(type)
        let words = TypeName.words(of: suffix)
        let slot = TypeName.slot(of: id, words: words, in: Self.slotCount)
        if let name = TypeName.recentName(id, words, at: slot, in: recent) { return name }
        let name = TypeName.of(type, suffix: suffix)
        TypeName.remember(TypeName.Recent(type: id, words: words, suffix: suffix, name: name), at: slot, in: &recent)
        return name
    }
}
