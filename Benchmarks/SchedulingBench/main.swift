import ArgumentParsing
import Foundation
import Reporting
import Scheduling

// scheduling-bench: what the scheduling layer itself costs per frame.
//
// 1. Overhead per frame with an empty graph: an animating target with no nodes, so a frame is
//    only the scheduling machinery (tick, frame request, thread hop, render bookkeeping, metrics).
//    Measured under the virtual clock, which runs frames back to back, so the figure is the
//    machinery's CPU time per frame (target: under 2 µs for lazy and async-pull).
// 2. The same loop under the real-time clock at 1 kHz: process CPU time per frame, which adds the
//    real threads' wake-ups and hand-offs.
// 3. A 1,000-node animation: 1,000 rules reading the time input and a root combining them, per
//    frame under each strategy (virtual clock: CPU time per frame; real clock at 120 Hz: render
//    time percentiles).
//
// Run with `swift run -c release scheduling-bench`; `--readme PATH` also writes the tables into the
// SCHEDULING-BENCH region of PATH.

let strategies = ["eager", "lazy", "async-pull"]

/// Process CPU time, in seconds.
func processCPUTime() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// An animating target with no nodes at all.
func emptyTarget() -> GraphTarget {
    let target = GraphTarget(graph: Graph(), outputs: [])
    target.isAnimating = true
    return target
}

/// An animating target of `width` rules reading the time input and a root summing them.
func animationTarget(width: Int) -> GraphTarget {
    let graph = Graph()
    let time = graph.input(0.0, name: "time")
    let nodes = (0 ..< width).map { index in
        graph.rule(name: "node \(index)") { (time.value * 60 + Double(index)).truncatingRemainder(dividingBy: 100) }
    }
    let root = graph.rule(name: "root") { nodes.reduce(0) { $0 + $1.value } }
    let target = GraphTarget(graph: graph, outputs: [root], time: time)
    target.isAnimating = true
    return target
}

/// Wall time per frame of a virtual-clock run, in microseconds, after a warm-up run.
func virtualMicrosecondsPerFrame(strategy: String, frames: Int, target: GraphTarget) throws -> (Double, RunResult) {
    let loop = try FrameLoop(target: target, strategy: strategy, clock: .virtual(CostModel()), frameRate: 120)
    _ = try loop.run(frames: frames / 10)
    let clock = ContinuousClock()
    var result: RunResult?
    let elapsed = try clock.measure { result = try loop.run(frames: frames) }
    let microseconds = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
    return (microseconds / Double(frames), result!)
}

let readme = Options.spec.parseOrExit(CommandLine.arguments.dropFirst()).string("--readme")

/// The report's lines, printed (and written to the README) at the end.
final class Report: @unchecked Sendable {
    private(set) var lines: [String] = []
    func line(_ text: String) { lines.append(text) }
    func row(_ cells: [String]) { line("| " + cells.joined(separator: " | ") + " |") }
}
let output = Report()
func line(_ text: String) { output.line(text) }
func row(_ cells: [String]) { output.row(cells) }

/// Runs both measurements, adding their tables to `output`.
func measure() throws {
    line("**Scheduling overhead per frame, empty graph**\n")
    row(["strategy", "virtual clock µs/frame", "real clock (1 kHz) CPU µs/frame", "real frames rendered"])
    row(["---", "---:", "---:", "---:"])
    for strategy in strategies {
        let (virtual, _) = try virtualMicrosecondsPerFrame(strategy: strategy, frames: 200_000, target: emptyTarget())
        let loop = try FrameLoop(target: emptyTarget(), strategy: strategy, clock: .realTime, frameRate: 1_000)
        let cpuBefore = processCPUTime()
        let result = try loop.run(frames: 2_000)
        let cpu = (processCPUTime() - cpuBefore) * 1e6 / Double(max(1, result.renderedFrames))
        row([strategy, String(format: "%.2f", virtual), String(format: "%.1f", cpu), "\(result.renderedFrames)"])
    }

    line("\n**1,000-node animation per frame**\n")
    row(["strategy", "evaluations/frame", "virtual clock µs/frame", "real 120 Hz render p50 ms", "real render max ms", "real async frames"])
    row(["---", "---:", "---:", "---:", "---:", "---:"])
    for strategy in strategies {
        let (virtual, result) = try virtualMicrosecondsPerFrame(strategy: strategy, frames: 5_000, target: animationTarget(width: 1_000))
        let loop = try FrameLoop(target: animationTarget(width: 1_000), strategy: strategy, clock: .realTime, frameRate: 120)
        let real = try loop.run(frames: 240)
        let renders = RunResult.Percentiles(real.frames.map(\.renderMilliseconds))
        row([
            strategy, String(format: "%.0f", result.evaluationsPerFrame), String(format: "%.1f", virtual),
            String(format: "%.3f", renders.p50), String(format: "%.3f", renders.max), "\(real.asyncFrames)/\(real.renderedFrames)",
        ])
    }
}

do {
    try measure()
} catch {
    // A frame loop that throws (a target or strategy error) is a failed run: one line, exit 1.
    FileHandle.standardError.write(Data("scheduling-bench: the measurement failed: \(error)\n".utf8))
    exit(ExitStatus.failure)
}

let report = output.lines.joined(separator: "\n")
print(report)
if let readme {
    let note = "\nGenerated by `swift run -c release scheduling-bench --readme \(readme)`; wall-clock figures on a shared machine."
    do {
        try GeneratedRegion.update(fileAt: readme, name: "SCHEDULING-BENCH", with: report + "\n" + note)
    } catch {
        FileHandle.standardError.write(Data("scheduling-bench: \(error)\n".utf8))
        exit(ExitStatus.failure)
    }
}
