import Foundation

/// Runs `body` on a thread of its own and waits for its result without holding a thread of Swift
/// concurrency's shared pool.
///
/// Swift Testing runs every test as a task on that pool, which has one thread per core (two
/// here). A test that computes for seconds synchronously holds one of them, and every other test's
/// next step queues behind it, so trivial tests finish late. The tests that compute for long do
/// so through this function instead: the operating system shares the cores between their threads
/// and the pool. Expectations belong after the call, in the test's task, where Swift Testing
/// attributes them to the test.
///
/// - Parameters:
///   - stackSize: the new thread's stack size in bytes; 8 MiB by default, like a main thread's.
///   - body: the work; what it returns or throws is the call's result.
public func onOwnThread<Result: Sendable>(
    stackSize: Int = 8 * 1024 * 1024, _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
        thread.stackSize = stackSize
        thread.start()
    }
}
