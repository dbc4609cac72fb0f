import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `reproduce` does on SIGINT or SIGTERM. Each paper's files are written when the paper
/// finishes (every file atomically), so the papers finished before the signal are kept as written.
/// The first signal drops the paper that is running and exits with status 130, after the paper's
/// files are written if the signal comes while they are; a second signal exits at once.
final class InterruptGuard: Sendable {
    private struct State {
        var writing = false
        var interrupted = false
        var finished: [String] = []
        var running: String?
    }

    private let state = Mutex(State())
    /// Reports what was kept (standard error in the tool).
    private let report: @Sendable (String) -> Void
    /// Ends the process (`_exit` in the tool: other threads are still running experiments).
    private let exit: @Sendable (Int32) -> Void

    /// The status the tool exits with when interrupted.
    static let status: Int32 = 130

    init(report: @escaping @Sendable (String) -> Void, exit: @escaping @Sendable (Int32) -> Void) {
        self.report = report
        self.exit = exit
    }

    /// Marks `paper` as running.
    func started(_ paper: String) {
        state.withLock { $0.running = paper }
    }

    /// Marks the running paper as finished (its verdicts printed and its files written).
    func finished() {
        state.withLock { state in
            if let running = state.running { state.finished.append(running) }
            state.running = nil
        }
    }

    /// Runs `write`, during which a first signal waits for it to end; if one came, exits after it.
    func whileWriting<T>(_ write: () throws -> T) rethrows -> T {
        state.withLock { $0.writing = true }
        var written = false
        defer {
            let interrupted = state.withLock { state in
                state.writing = false
                return state.interrupted
            }
            if interrupted { stop(finishingRunning: written) }
        }
        let result = try write()
        written = true
        return result
    }

    /// Handles a signal.
    func signalReceived() {
        let (first, writing) = state.withLock { state in
            defer { state.interrupted = true }
            return (!state.interrupted, state.writing)
        }
        if !first {
            report("reproduce: interrupted again; exiting now")
            exit(Self.status)
        } else if !writing {
            stop(finishingRunning: false)
        } else {
            report("reproduce: interrupted; finishing writing the results of the paper that just ended (interrupt again to exit now)")
        }
    }

    private func stop(finishingRunning: Bool) {
        let (finished, running) = state.withLock { state in
            if finishingRunning, let running = state.running {
                state.finished.append(running)
                state.running = nil
            }
            return (state.finished, state.running)
        }
        var message = "reproduce: interrupted; "
            + (finished.isEmpty ? "no paper was finished" : "kept the papers finished: " + finished.joined(separator: ", "))
        if let running { message += "; dropped \(running), which was running" }
        report(message)
        exit(Self.status)
    }

    /// Routes SIGINT and SIGTERM to ``signalReceived()`` until the returned handle is cancelled
    /// (which restores their default action).
    func install() -> Installed {
        let queue = DispatchQueue(label: "reproduce.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in signalReceived() }
            source.resume()
            return (number, source)
        }
        return Installed(sources: sources)
    }

    /// Installed signal handlers.
    struct Installed {
        fileprivate let sources: [(Int32, any DispatchSourceSignal)]

        /// Stops handling the signals and restores their default action.
        func cancel() {
            for (number, source) in sources {
                source.cancel()
                signal(number, SIG_DFL)
            }
        }
    }
}
