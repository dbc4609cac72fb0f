import Foundation

/// A value that threads share, behind an `NSLock`: a pthread mutex, which the thread sanitizer
/// understands (it cannot see the futex of `Synchronization.Mutex` on Linux).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
