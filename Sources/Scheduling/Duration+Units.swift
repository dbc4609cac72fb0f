extension Duration {
    /// The duration in whole nanoseconds (truncated).
    var inNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Nanoseconds as milliseconds.
func milliseconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }
