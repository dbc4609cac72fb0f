import Foundation
import Reporting
import Scheduling

/// Everything a `bench` run measured, as written to results.json and read back by `bench compare`.
struct BenchResults: Codable, Equatable {
    /// How the runs were made.
    var settings: Settings
    /// One run per workload and strategy, workload by workload. In a sweep's results: the points
    /// at each workload's default load.
    var runs: [BenchRun]
    /// The load sweeps (`bench sweep` and the main job); absent for single runs.
    var sweeps: [Sweep]?
    /// Whether every run asked for finished: `false` when the benchmark was interrupted (SIGINT or
    /// SIGTERM) and the file holds only the runs and repetitions that finished before. Absent in
    /// files written before interrupted runs were kept.
    var complete: Bool?

    /// The settings shared by every run.
    struct Settings: Codable, Equatable {
        /// The display-link rate, in Hz.
        var frameRate: Double
        /// `real` or `virtual`.
        var clock: String
        /// Runs per workload and strategy (absent in files written before repetitions existed: 1).
        var repetitions: Int?
        /// How each metric's interval was computed.
        var intervalMethod: String?
        /// The virtual clock's cost of a frame, in milliseconds (`nil` under the real clock).
        var costPerFrameMilliseconds: Double?
        /// The virtual clock's cost of a rule evaluation, in microseconds (`nil` under the real clock).
        var costPerEvaluationMicroseconds: Double?
        /// The virtual clock's whole cost profile (`nil` under the real clock).
        var costProfile: CostProfile?
        /// Cores, memory and system of the machine that ran the benchmark.
        var machine: String

        /// The settings of `options` on this machine.
        init(_ options: RunOptions) {
            frameRate = options.frameRate
            clock = options.clock.rawValue
            repetitions = options.repetitions
            intervalMethod = "median with a distribution-free interval from order statistics, "
                + "the narrowest with at least 95 % coverage ([min, max] with its stated coverage below 6 repetitions)"
            if options.clock == .virtual {
                costPerFrameMilliseconds = options.costs.perFrameMicroseconds / 1_000
                costPerEvaluationMicroseconds = options.costs.perEvaluationMicroseconds
                costProfile = options.costs
            }
            machine = Self.machineDescription
        }

        /// "2 cores, 8 GB, Linux".
        static var machineDescription: String {
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

    init(settings: Settings, runs: [BenchRun], complete: Bool = true) {
        self.settings = settings
        self.runs = runs
        self.complete = complete
    }

    /// Reads a results file written by `bench --output` or `bench --format json`.
    ///
    /// - Throws: ``UsageError/badPath(_:)`` naming the file and saying why it cannot be read.
    init(contentsOf path: String) throws(UsageError) {
        let data: Data
        do {
            data = try FileSystem.read(path)
        } catch {
            throw .badPath(error.description)
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw .badPath("'\(path)' is not a \(toolName) results file (written by --output or --format json): \(Self.reason(error))")
        }
    }

    /// Why decoding failed, in a few words.
    private static func reason(_ error: any Error) -> String {
        /// Where in the file: "the top level", or "'runs.0.result'".
        func place(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "the top level" : "'\(path)'"
        }
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, let context): return "no '\(key.stringValue)' at \(place(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(place(context))"
        default: return "\(error)"
        }
    }

    /// What the virtual clock charged, "0.5 ms per frame, 2 µs per evaluation" (empty for the real clock).
    var costDescription: String {
        if let profile = settings.costProfile { return profile.summary }
        guard let perFrame = settings.costPerFrameMilliseconds, let perEvaluation = settings.costPerEvaluationMicroseconds else { return "" }
        return "\(NumberFormat.compact(perFrame)) ms per frame, \(NumberFormat.compact(perEvaluation)) µs per evaluation"
    }

    /// One line for captions: "120 frames at 60 Hz, real clock, 2 cores, 8 GB, Linux" (a range of
    /// frames when the runs differ; a virtual clock's costs follow its name).
    var summary: String {
        let frames = runs.map(\.frames)
        let fewest = frames.min() ?? 0, most = frames.max() ?? 0
        var clock = "\(settings.clock) clock"
        let repetitions = settings.repetitions ?? 1
        if repetitions > 1 { clock += ", median of \(repetitions) repetitions" }
        if settings.costPerFrameMilliseconds != nil { clock += " (\(costDescription))" }
        let rate = settings.frameRate
        let hertz = rate == rate.rounded() ? NumberFormat.grouped(Int(rate)) : NumberFormat.fixed(rate, decimals: 2)
        let count = fewest == most ? NumberFormat.counted(fewest, "frame") : "\(NumberFormat.grouped(fewest))–\(NumberFormat.grouped(most)) frames"
        return "\(count) at \(hertz) Hz, \(clock), \(settings.machine)"
    }
}

/// One workload under one strategy: every repetition's metrics, their estimates, and one
/// repetition in full.
struct BenchRun: Codable, Equatable {
    var workload: String
    var strategy: String
    /// Frames (vsync intervals) each repetition was asked for.
    var frames: Int
    /// The repetition whose median frame time is the median of the repetitions' (the lower middle
    /// one for an even count), with every frame; its fields are that repetition's, not medians.
    var result: RunResult
    /// Every repetition's value of every metric, by metric key, in run order (absent in files
    /// written before repetitions existed); `null` where a repetition does not have the metric.
    var samples: [String: [Double?]]?
    /// The median and interval of every metric, by metric key (absent likewise): `median`, `low`,
    /// `high`, `coverage` and `count` (``Reporting/MedianEstimate``; `count` is absent in files
    /// written before it was kept, which still load).
    var estimates: [String: MedianEstimate]?
    /// Every repetition's value of each of the strategy's own counters (``Scheduling/FrameLoop/count(_:by:)``),
    /// by counter, in run order: 0 in a repetition that did not count it (absent in files written
    /// before counters were kept per repetition; ``result`` holds one repetition's).
    var counterSamples: [String: [Int]]?

    /// The record of the repetitions `results` (at least one), in run order.
    init(workload: String, strategy: String, frames: Int, repetitions results: [RunResult]) {
        precondition(!results.isEmpty, "BenchKit: a run record needs at least one repetition")
        self.workload = workload
        self.strategy = strategy
        self.frames = frames
        let byFrameTime = results.sorted { $0.frameTime.p50 < $1.frameTime.p50 }
        result = byFrameTime[(byFrameTime.count - 1) / 2]
        var samples: [String: [Double?]] = [:]
        var estimates: [String: MedianEstimate] = [:]
        for metric in Metric.all {
            let values = results.map(metric.value)
            samples[metric.slug] = values.map { $0.isNaN ? nil : $0 }
            estimates[metric.slug] = MedianEstimate(numbersIn: values)
        }
        self.samples = samples
        self.estimates = estimates
        let counterNames = Set(results.flatMap(\.counters.keys))
        counterSamples = Dictionary(uniqueKeysWithValues: counterNames.map { name in (name, results.map { $0.counters[name] ?? 0 }) })
    }

    /// The estimate of `metric`: from the samples, or from ``result`` alone in an older file.
    /// `nil` when the run does not have the metric.
    func estimate(of metric: Metric) -> MedianEstimate? {
        estimates?[metric.slug] ?? MedianEstimate(numbersIn: [metric.value(result)])
    }

    /// How many repetitions were run.
    var repetitions: Int { samples?.values.first?.count ?? 1 }
}
