extension Duration {
    /// The duration in milliseconds, for reports.
    public var inMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The duration in whole nanoseconds (truncated).
    package var inNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Nanoseconds as milliseconds.
func milliseconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }
