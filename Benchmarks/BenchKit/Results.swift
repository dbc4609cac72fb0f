import Foundation
import Reporting
import Scheduling

/// Everything a `bench` run measured, as written to results.json and read back by `bench compare`.
struct BenchResults: Codable, Equatable {
    /// How the runs were made.
    var settings: Settings
    /// One run per workload and strategy, workload by workload.
    var runs: [BenchRun]

    /// The settings shared by every run.
    struct Settings: Codable, Equatable {
        /// The display-link rate, in Hz.
        var frameRate: Double
        /// `real` or `virtual`.
        var clock: String
        /// The virtual clock's cost of a frame, in milliseconds (`nil` under the real clock).
        var costPerFrameMilliseconds: Double?
        /// The virtual clock's cost of a rule evaluation, in microseconds (`nil` under the real clock).
        var costPerEvaluationMicroseconds: Double?
        /// Cores, memory and system of the machine that ran the benchmark.
        var machine: String

        /// The settings of `options` on this machine.
        init(_ options: RunOptions) {
            frameRate = options.frameRate
            clock = options.clock.rawValue
            if options.clock == .virtual {
                costPerFrameMilliseconds = ClockChoice.costModel.perFrame.milliseconds
                costPerEvaluationMicroseconds = ClockChoice.costModel.perEvaluation.milliseconds * 1_000
            }
            machine = Self.machineDescription
        }

        /// "2 cores, 8 GB, Linux".
        private static var machineDescription: String {
            let info = ProcessInfo.processInfo
            let gigabytes = Double(info.physicalMemory) / Double(1 << 30)
            #if os(Linux)
            let system = "Linux"
            #else
            let system = "macOS"
            #endif
            return "\(info.activeProcessorCount) cores, \(NumberFormat.fixed(gigabytes, decimals: 0)) GB, \(system)"
        }
    }

    init(settings: Settings, runs: [BenchRun]) {
        self.settings = settings
        self.runs = runs
    }

    /// Reads a results file written by `bench --output` or `bench --format json`.
    ///
    /// - Throws: ``UsageError/badPath(_:)`` saying why the file cannot be read.
    init(contentsOf path: String) throws(UsageError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .badPath("cannot read the results file '\(path)'")
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw .badPath("'\(path)' is not a bench results file (written by --output or --format json): \(Self.reason(error))")
        }
    }

    /// Why decoding failed, in a few words.
    private static func reason(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, let context): return "no '\(key.stringValue)' in '\(path(context))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at '\(path(context))'"
        default: return "\(error)"
        }
    }

    /// One line for captions: "120 frames at 60 Hz, real clock, 2 cores, 8 GB, Linux" (a range of
    /// frames when the runs differ; a virtual clock's costs follow its name).
    var summary: String {
        let frames = runs.map(\.frames)
        let low = NumberFormat.grouped(frames.min() ?? 0), high = NumberFormat.grouped(frames.max() ?? 0)
        var clock = "\(settings.clock) clock"
        if let perFrame = settings.costPerFrameMilliseconds, let perEvaluation = settings.costPerEvaluationMicroseconds {
            clock += " (\(NumberFormat.compact(perFrame)) ms per frame, "
                + "\(NumberFormat.compact(perEvaluation)) µs per evaluation)"
        }
        let rate = settings.frameRate
        let hertz = rate == rate.rounded() ? NumberFormat.grouped(Int(rate)) : NumberFormat.fixed(rate, decimals: 2)
        return "\(low == high ? low : low + "–" + high) frames at \(hertz) Hz, \(clock), \(settings.machine)"
    }
}

/// One workload run under one strategy.
struct BenchRun: Codable, Equatable {
    var workload: String
    var strategy: String
    /// Frames (vsync intervals) the run was asked for.
    var frames: Int
    var result: RunResult
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
