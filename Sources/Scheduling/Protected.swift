import Foundation

/// A value that threads share, behind a lock.
///
/// The scheduling layer uses this rather than `Synchronization.Mutex`: on Linux that mutex waits on
/// a futex the thread sanitizer cannot see, so every access it protects is reported as a race,
/// while `NSLock` is a pthread mutex the sanitizer understands.
final class Protected<Value>: @unchecked Sendable {
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
