import Foundation

/// A value that threads share, behind a lock. Strategies written outside this module use it too.
///
/// The scheduling layer uses this rather than `Synchronization.Mutex`: on Linux that mutex waits on
/// a futex the thread sanitizer cannot see, so every access it protects is reported as a race,
/// while `NSLock` is a pthread mutex the sanitizer understands.
public final class Protected<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Protects `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
