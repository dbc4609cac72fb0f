import Foundation
@testable import Reproductions
import Synchronization
import Testing

/// Lines collected from several threads.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// An experiment that records, when it runs, what the tool has printed so far.
struct SnapshotExperiment: Experiment {
    let title = "Snapshot"
    let printed: Lines
    let seen: Lines

    func run(_ context: RunContext) -> Report {
        for line in printed.all { seen.append(line) }
        return Report(claims: [.exact("The second paper ran.", held: true, evidence: "")])
    }
}

@Suite struct ReproduceOutputTests {
    /// A line is in the file (here a pipe) as soon as it is written: nothing waits in a buffer
    /// for the process to end, as `print` does when standard output is redirected.
    @Test func aLineWriterWritesAtOnceToAPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        LineWriter(fileDescriptor: ends[1]).write("held: It works.")
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(count == 16 && String(decoding: buffer[..<max(0, count)], as: UTF8.self) == "held: It works.\n")
    }

    /// Each paper's verdicts are printed when it finishes, before the next paper runs.
    @Test func eachPapersVerdictsArePrintedBeforeTheNextRuns() {
        let printed = Lines(), seen = Lines()
        let first = fixedPaper([.exact("The first paper held.", held: true, evidence: "1 of 1")], name: "first")
        let second = Paper(name: "second", folder: "Second", summary: "", experiments: [SnapshotExperiment(printed: printed, seen: seen)])
        var tool = ReproduceTool(papers: [first, second])
        tool.output = printed.append
        tool.handlesSignals = false
        #expect(tool.main(arguments: ["--all", "--quick"]) == 0)
        #expect(seen.all.contains("   held: The first paper held. [exact: counts, gated]"))
        #expect(seen.all.contains("   verdicts: 1 held, 0 did not hold, 0 inconclusive"))
        #expect(!seen.all.contains { $0.contains("The second paper ran.") })
        #expect(printed.all.contains("   held: The second paper ran. [exact: counts, gated]"))
        #expect(printed.all.contains("verdicts of all 2 papers: 2 held, 0 did not hold, 0 inconclusive"))
    }

    /// A guard whose exits and reports are recorded instead of ending the process.
    private func recordingGuard() -> (InterruptGuard, exits: Lines, reports: Lines) {
        let exits = Lines(), reports = Lines()
        return (InterruptGuard(report: reports.append) { exits.append("\($0)") }, exits, reports)
    }

    /// A signal while a paper runs exits with 130 at once, keeping the finished papers and
    /// dropping the running one.
    @Test func aSignalDropsTheRunningPaperAndKeepsTheFinishedOnes() {
        let (guarding, exits, reports) = recordingGuard()
        guarding.started("hudson1991")
        guarding.whileWriting { }
        guarding.finished()
        guarding.started("vanderzanden2001")
        guarding.signalReceived()
        #expect(exits.all == ["130"])
        #expect(reports.all == ["reproduce: interrupted; kept the papers finished: hudson1991; dropped vanderzanden2001, which was running"])
    }

    /// A signal while a paper's files are written waits for them: the paper is kept, then the tool
    /// exits; a second signal exits at once.
    @Test func aSignalWhileWritingWaitsForTheWriteAndASecondExitsAtOnce() {
        let (guarding, exits, reports) = recordingGuard()
        guarding.started("hudson1991")
        guarding.whileWriting {
            guarding.signalReceived()
            #expect(exits.all.isEmpty, "the write finishes first")
        }
        #expect(exits.all == ["130"])
        #expect(reports.all.last == "reproduce: interrupted; kept the papers finished: hudson1991")

        let (again, againExits, _) = recordingGuard()
        again.started("hudson1991")
        again.whileWriting {
            again.signalReceived()
            again.signalReceived()
            #expect(againExits.all == ["130"], "the second signal does not wait")
        }
    }
}
