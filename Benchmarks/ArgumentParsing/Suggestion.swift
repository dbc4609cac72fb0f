/// "Did you mean": the known word closest to a mistyped one, when it is close.
enum Suggestion {
    /// The word of `candidates` closest to `word` by edit distance, if at most a third of the
    /// word's length (at least 1) away, or the only candidate `word` begins.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
        if prefixed.count == 1 { return prefixed[0] }
        let limit = max(1, word.count / 3)
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance (insertions, deletions and substitutions) between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0 ... b.count)
        for i in 1 ... max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
