import Foundation
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM during a benchmark: the first asks the runs to stop after the
/// one in progress, so that the tool writes what finished (``BenchResults/complete`` `false`)
/// and exits with ``exitStatus``; a second one exits at once with that status.
///
/// The handlers only count signals (an atomic add, safe in a signal handler) and write a fixed
/// message; the runner polls ``isRequested`` between runs.
enum Interruption {
    /// The exit status of an interrupted tool, as a shell reports a process ended by SIGINT.
    static let exitStatus: Int32 = 130
    /// The signals handled.
    static let signals = [SIGINT, SIGTERM]

    /// Signals received since ``install()``.
    private static let received = Atomic<Int>(0)

    /// Whether a signal asked the runs to stop.
    static var isRequested: Bool { received.load(ordering: .relaxed) > 0 }

    /// The handlers in place before ``install()``, to put back.
    struct Previous {
        fileprivate var actions: [(Int32, sigaction)]
    }

    /// Handles SIGINT and SIGTERM until ``restore(_:)``; returns the handlers it replaced. The
    /// signals are unblocked on the calling thread too: a process inherits its parent's blocked
    /// signals (a test runner's, for one), and a blocked signal would never reach the handler.
    static func install() -> Previous {
        received.store(0, ordering: .relaxed)
        _ = message  // made here, not in the handler
        var previous = Previous(actions: [])
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in Interruption.handle() }
            #else
            action.__sigaction_u.__sa_handler = { _ in Interruption.handle() }
            #endif
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.actions.append((signal, old))
        }
        return previous
    }

    /// Puts back the handlers `previous` holds.
    static func restore(_ previous: Previous) {
        for (signal, action) in previous.actions {
            var action = action
            sigaction(signal, &action, nil)
        }
    }

    /// The message the first signal writes, with the tool's name: its bytes, made once before any
    /// handler is installed, never written again and never freed (so unchecked for concurrency),
    /// so that the handler only passes them to `write`.
    nonisolated(unsafe) private static let message: UnsafeBufferPointer<UInt8> = {
        let text = Array("\n\(toolName): interrupted: finishing the run in progress (given up after 10 s without progress), then writing what finished (interrupt again to quit at once)\n".utf8)
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = bytes.initialize(from: text)
        return UnsafeBufferPointer(bytes)
    }()

    /// The signal handler: the first signal asks to stop, the second exits.
    private static func handle() {
        if received.add(1, ordering: .relaxed).oldValue > 0 {
            _exit(exitStatus)
        }
        _ = Foundation.write(STDERR_FILENO, message.baseAddress, message.count)
    }
}
