/// The package's seeded random number generator (SplitMix64): small and fast, so that every
/// experiment draws the same graphs, changes and loads on every run. Experiments of other packages
/// use it too, for the same reason.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose draws are fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random input value. Values are drawn from a range wide enough that two draws are equal
    /// with negligible probability, so each write is a real change.
    mutating func inputValue() -> Int {
        Int.random(in: 0 ..< (1 << 40), using: &self)
    }
}
