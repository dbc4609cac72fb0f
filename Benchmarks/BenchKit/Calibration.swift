import Constraints
import Foundation
import Reporting
import Scheduling
import Workloads

/// `bench calibrate`: measures on this machine what each kind of evaluation, a node's creation, a
/// frame and a vsync's wake-up cost, for the virtual clock's ``CostProfile``.
///
/// **Per-kind costs.** Every workload runs under `lazy` on the real clock, as in a bench run; a
/// wrapper around the workload's render target (``TimedTarget``) times each render and counts,
/// from the graph's per-name statistics, the evaluations and input reads of each node kind
/// (``CostModel/kind(ofNodeNamed:)``) and the nodes created during it. Renders with the same counts
/// in one workload are one point, with the median of their times. The costs are the non-negative
/// least-squares fit (``NonNegativeLeastSquares``) of
/// `time = perFrame + Σ_class (evaluations × perEvaluation + inputs read × perInputRead) + nodes created × perNodeCreated`
/// over classes of kinds (``kindClasses``), each point weighted by the inverse of its time (so the
/// error minimised is relative, and a 50 ms build frame does not drown a 0.1 ms animation frame)
/// and by the square root of the share of its workload's frames it stands for. Evaluations of
/// kinds the fit never saw cost the mean cost of an evaluation in the measured frames.
///
/// **Per frame, wake-up and hand-off.** The per-frame cost adds to the fit's intercept the frame
/// loop's own work around a render (the median of each frame's render time in the frame loop's
/// metrics less the render's timed part). The wake-up is the median time from a vsync's timestamp
/// to the start of its render on the render thread (``renderThreadWorkload`` under `async-pull`);
/// the thread hand-off is the median time to the start of a render on the main thread (the `lazy`
/// runs) less the wake-up. Both are taken over frames without a scripted event.
///
/// **Events.** The event wake-up and the synthetic work's overrun come from two real-clock runs of
/// a quiet workload (``eventProbeWorkload``, nothing animating) with one event per frame half-way
/// through the interval and no handler: the median input latency of events without synthetic work
/// is the wake-up of the idle main thread; with 1 ms of work, what it adds is the overrun (input
/// latency leaves the stated work out). The per-event cost is the main thread's busy time in the
/// workloads' runs not spent rendering, in events' stated costs or in their overruns, per event.
///
/// **Nodes requested.** A sliced update makes, at every slice, the list of nodes it brings up to
/// date one by one and hands it to the graph (``Graph/update(_:continuingWhile:)``); that costs
/// time per node even when nothing in the list is out of date. ``requestProbe``'s view host, once
/// rendered, is prepared and updated (what every slice does) at one tick after another, as in a
/// run; the cost is the median time of that per node handed over (the few evaluations the ticks'
/// animation makes are in it). The slice that finishes an update prepares once more to learn that
/// it has; that is not charged (charged, an unfinished slice would pay twice what it does, and
/// `sliced` would never finish `heavy-update` at 4,000 rows on the virtual clock).
///
/// **Warm wake-ups.** A core woken shortly after it last ran wakes faster than one idle for a
/// whole frame: ``warmProbe``'s lazy frames, whose main thread handled a tap at most a tenth of a
/// frame before each vsync, start sooner after their vsync than the idle machine's wake-up and
/// hand-off. The warm wake-up is their median vsync-to-render delay less the hand-off; the model
/// charges it to wake-ups less than two tap intervals after a thread of the loop last ran (the
/// longest idle gap the probe measured, doubled: longer gaps are not measured).
///
/// Counting per name turns on the graph's node statistics during the measured runs, which adds a
/// few nanoseconds to each evaluation: less than 1 % of a view-layer evaluation.
struct Calibration {
    /// The workload whose `async-pull` frames render on the render thread, timing a vsync's
    /// wake-up without the hand-off to the main thread.
    static let renderThreadWorkload = "foreach-animation"
    /// The quiet workload (no animation) whose main thread is idle between the probe events that
    /// time an event's wake-up and the overrun of its synthetic work.
    static let eventProbeWorkload = "counter"
    /// The synthetic work of the probe events that time its overrun.
    static let probeWork = Duration.milliseconds(1)
    /// The workload, at a load of its parameter, whose sliced-update bookkeeping is timed: a long
    /// list, so that the time per node is well above the clock's resolution.
    static let requestProbe = (workload: "heavy-update", parameter: "rows", load: 4_000.0)
    /// The workload whose main thread runs a tap every tenth of a frame, timing the wake-up of a
    /// machine that ran shortly before (``CostModel/warmWakeUp``).
    static let warmProbe = (workload: "burst-10", tapsPerFrame: 10)
    /// Where `--default` writes the profile, relative to the package's root.
    static let defaultProfilePath = "Benchmarks/BenchKit/DefaultCostProfile.swift"

    let workloads: [any Workload]
    let registry: StrategyRegistry
    /// Further instances fitted besides `workloads` at their defaults, each with a label of its
    /// own (`heavy-update at rows=4000`): the main job's swept loads (``sweptLoads(of:)``), so that
    /// the costs fit the renders the sweeps make, not only the small ones of the default loads.
    var extraLoads: [(label: String, workload: any Workload)] = []

    /// The main job's sweeps (``MainJob/sweeps``) of `workloads` at each of their loads other
    /// than the default, labelled `workload at parameter=load`.
    static func sweptLoads(of workloads: [any Workload]) -> [(label: String, workload: any Workload)] {
        MainJob.sweeps.flatMap { sweep -> [(label: String, workload: any Workload)] in
            guard let workload = workloads.first(where: { $0.name == sweep.workload }),
                  let parameter = workload.loadParameters.first(where: { $0.name == sweep.parameter }) else { return [] }
            return sweep.loads.filter { $0 != parameter.defaultValue }.compactMap { load in
                (try? workload.setting(sweep.parameter, to: load)).map { ("\(workload.name) at \(sweep.parameter)=\(LoadFormat.number(load))", $0) }
            }
        }
    }

    /// The profile measured over `repetitions` runs of `frames` frames of every workload.
    func measure(repetitions: Int, frames: Int) throws -> CostProfile {
        var renders: [String: [WorkCount: [Double]]] = [:]
        var wakeUps: [Double] = [], renderThreadWakeUps: [Double] = [], overheads: [Double] = []
        var eventMicroseconds = 0.0, events = 0, eventsWithWork = 0
        var eventWakeUps: [Double] = [], eventWakeUpsWithWork: [Double] = [], warmWakeUps: [Double] = []
        let warmWorkload = workloads.first { $0.name == Self.warmProbe.workload }
        let renderThreadWorkload = workloads.first { $0.name == Self.renderThreadWorkload }
        let probeWorkload = workloads.first { $0.name == Self.eventProbeWorkload }
        let fitted = workloads.map { (label: $0.name, workload: $0) } + extraLoads
        let runs = (fitted.count + (renderThreadWorkload == nil ? 0 : 1) + (probeWorkload == nil ? 0 : 2) + (warmWorkload == nil ? 0 : 1)) * repetitions
        var progress = Progress(total: runs, expectedSeconds: Double(runs * frames) / 60)
        var index = 0
        for _ in 0 ..< repetitions {
            for (label, workload) in fitted {
                progress.starting(index, workload: label, strategy: LazyStrategy.name)
                index += 1
                let run = try timedRun(of: workload, frames: frames)
                for sample in run.renders {
                    renders[label, default: [:]][sample.work, default: []].append(sample.microseconds)
                }
                wakeUps += run.wakeUps
                overheads += run.overheads
                eventMicroseconds += run.eventDelivery.microseconds
                events += run.eventDelivery.events
                eventsWithWork += run.eventDelivery.withWork
            }
            if let renderThreadWorkload {
                progress.starting(index, workload: renderThreadWorkload.name, strategy: AsyncPullStrategy.name)
                index += 1
                renderThreadWakeUps += try self.renderThreadWakeUps(of: renderThreadWorkload, frames: frames)
            }
            if let probeWorkload {
                for work in [Duration.zero, Self.probeWork] {
                    progress.starting(index, workload: probeWorkload.name + " (event probe)", strategy: LazyStrategy.name)
                    index += 1
                    let latency = try probeLatency(of: probeWorkload, work: work, frames: frames)
                    if work == .zero { eventWakeUps += latency } else { eventWakeUpsWithWork += latency }
                }
            }
            if let warmWorkload {
                progress.starting(index, workload: warmWorkload.name + " (warm wake-up probe)", strategy: LazyStrategy.name)
                index += 1
                warmWakeUps += try self.warmWakeUps(of: warmWorkload, frames: frames)
            }
        }
        progress.finished(runs: index)
        let overhead = MedianEstimate(numbersIn: overheads)?.median ?? 0
        let toMain = MedianEstimate(numbersIn: wakeUps)?.median ?? 0
        let wakeUp = MedianEstimate(numbersIn: renderThreadWakeUps)?.median ?? toMain
        var profile = fit(renders, wakeUpMicroseconds: wakeUp, handOffMicroseconds: max(0, toMain - wakeUp), overheadMicroseconds: overhead,
                          repetitions: repetitions, frames: frames)
        if let probe = workloads.first(where: { $0.name == Self.requestProbe.workload }) {
            let requests = try nodeRequestMicroseconds(of: probe.setting(Self.requestProbe.parameter, to: Self.requestProbe.load), calls: 20 * repetitions)
            if let median = MedianEstimate(numbersIn: requests.perNode)?.median {
                profile.perNodeRequestedMicroseconds = nanosecondPrecision(median)
                profile.method += "; per node requested: the median time per node of preparing a sliced update of \(Self.requestProbe.workload) "
                    + "at \(Self.requestProbe.parameter)=\(LoadFormat.number(Self.requestProbe.load)) (\(NumberFormat.counted(requests.nodes, "node")) handed over), "
                    + "and handing it to the graph, at successive ticks, over \(requests.perNode.count) calls"
            }
        }
        let eventWakeUp = MedianEstimate(numbersIn: eventWakeUps)?.median
        let overrun = MedianEstimate(numbersIn: eventWakeUpsWithWork).map { max(0, $0.median - (eventWakeUp ?? 0)) }
        profile.eventWakeUpMicroseconds = eventWakeUp.map(nanosecondPrecision)
        profile.syntheticWorkOverrunMicroseconds = overrun.map(nanosecondPrecision)
        let delivery = eventMicroseconds - Double(eventsWithWork) * (overrun ?? 0)
        profile.perEventMicroseconds = nanosecondPrecision(events > 0 ? max(0, delivery / Double(events)) : 0)
        profile.method += "; per event: the main thread's busy time not spent rendering, in events' stated costs or in their overruns, "
            + "over \(NumberFormat.counted(events, "event")) of the same runs"
        if probeWorkload != nil {
            profile.method += "; event wake-up: the median input latency of events without work or handler, one per frame half-way "
                + "through it, on \(Self.eventProbeWorkload)'s otherwise idle main thread; work overrun: what 1 ms of stated work adds to it"
        }
        if let warm = MedianEstimate(numbersIn: warmWakeUps)?.median {
            let interval = 1e6 / 60 / Double(Self.warmProbe.tapsPerFrame)
            profile.warmWakeUpMicroseconds = nanosecondPrecision(max(0, warm - (profile.threadHandOffMicroseconds ?? 0)))
            profile.warmWindowMicroseconds = nanosecondPrecision(2 * interval)
            profile.method += "; warm wake-up: the median vsync-to-render delay of \(Self.warmProbe.workload)'s lazy frames "
                + "(a tap every \(NumberFormat.compact(interval / 1_000)) ms on the main thread) less the thread hand-off, "
                + "over \(NumberFormat.counted(warmWakeUps.count, "frame")), charged within twice that interval of a thread's last job"
        }
        printError(fitSummary(profile, renders, overheadMicroseconds: overhead).rendered(as: .table))
        return profile
    }

    /// One real-clock lazy run of `workload`: every render timed with its work; for every frame
    /// that started on an idle main thread, the delay from its vsync to the render's start; and
    /// for every frame, how much longer the frame loop took to commit it than the render took
    /// (less the time the wrapper spent counting the render's work); and what delivering its
    /// events cost: the main thread's busy time less its renders and the events' stated costs.
    private func timedRun(of workload: any Workload, frames: Int) throws
        -> (renders: [(work: WorkCount, microseconds: Double)], wakeUps: [Double], overheads: [Double],
            eventDelivery: (microseconds: Double, events: Int, withWork: Int)) {
        let instance = workload.makeInstance(frames: frames, frameRate: 60)
        let target = TimedTarget(instance.target)
        let loop = try FrameLoop(target: target, strategy: LazyStrategy.name, registry: registry, clock: .realTime)
        let result = try loop.run(frames: frames, events: instance.events)
        let rendered = result.frames.filter { $0.thread == .main }
        // Main-thread events (a busy workload's, say) delay a render for reasons of their own: the
        // wake-up is measured on frames whose main thread had nothing else to do.
        let idle = Set(instance.events.map(\.frame))
        let wakeUps = rendered.filter { !idle.contains($0.tick) }.map { ($0.renderStartMilliseconds - $0.timestampMilliseconds) * 1_000 }
        let samples = target.samples
        let overheads = rendered.count == samples.count
            ? zip(rendered, zip(samples, target.countingMicroseconds)).map { frame, sample in
                frame.renderMilliseconds * 1_000 - sample.0.microseconds - sample.1
            } : []
        let stated = instance.events.filter { $0.frame < frames }.reduce(0.0) { $0 + $1.cost.inMilliseconds }
        let delivery = result.mainThreadBusyMilliseconds - rendered.reduce(0) { $0 + $1.renderMilliseconds } - stated
        let delivered = instance.events.filter { $0.frame < frames }
        return (samples, wakeUps, overheads, (delivery * 1_000, delivered.count, delivered.count { $0.cost > .zero }))
    }

    /// What one slice's bookkeeping costs per node it hands to the graph, in microseconds, over
    /// `calls` slices of `workload`'s view host at successive ticks (after one that builds it):
    /// the target prepared and the nodes handed to ``Graph/update(_:continuingWhile:)``, as every
    /// slice of `sliced` does. Also the nodes handed over per call.
    private func nodeRequestMicroseconds(of workload: any Workload, calls: Int) throws -> (perNode: [Double], nodes: Int) {
        let instance = workload.makeInstance(frames: calls + 1, frameRate: 60)
        let target = instance.target
        var perNode: [Double] = [], nodes = 0
        // The first call builds the host (its first update); then one tick after another, as in a
        // run, so that the workload's animation marks what a frame marks.
        for call in 0 ... calls {
            let tick = Tick(index: call, frameRate: 60)
            let (elapsed, requested) = target.graph.withLock { () -> (Duration, Int) in
                let before = target.graph.statistics.nodesRequested
                let start = ContinuousClock.now
                if let prepared = target.prepareUpdate(at: tick) { target.graph.update(prepared, continuingWhile: { true }) }
                return (ContinuousClock.now - start, target.graph.statistics.nodesRequested - before)
            }
            guard call > 0, requested > 0 else { continue }
            nodes = requested
            perNode.append((Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(requested))
        }
        return (perNode, nodes)
    }

    /// The median input latency, in microseconds, of events with `work` of synthetic work and no
    /// handler, one per frame half-way through its interval, in a real-clock lazy run of the quiet
    /// `workload`: its main thread is asleep when each arrives. Empty if the run recorded none.
    private func probeLatency(of workload: any Workload, work: Duration, frames: Int) throws -> [Double] {
        let instance = workload.makeInstance(frames: frames, frameRate: 60)
        let loop = try FrameLoop(target: instance.target, strategy: LazyStrategy.name, registry: registry, clock: .realTime)
        let halfway = Duration.nanoseconds(Int64(0.5e9 / 60))
        let events = (0 ..< frames).map { MainThreadEvent(frame: $0, offset: halfway, cost: work, name: "probe") }
        let result = try loop.run(frames: frames, events: events)
        return result.inputLatency.map { [$0.p50 * 1_000] } ?? []
    }

    /// The delays from a vsync to the start of its render on the render thread, in one real-clock
    /// `async-pull` run of `workload`, over frames without a scripted event.
    /// The vsync-to-render delays of `workload`'s frames under `lazy` on the real clock, in
    /// microseconds: a main thread that handled a tap shortly before each vsync.
    private func warmWakeUps(of workload: any Workload, frames: Int) throws -> [Double] {
        let warm = try workload.setting("taps-per-frame", to: Double(Self.warmProbe.tapsPerFrame))
        let instance = warm.makeInstance(frames: frames, frameRate: 60)
        let loop = try FrameLoop(target: instance.target, strategy: LazyStrategy.name, registry: registry, clock: .realTime)
        let result = try loop.run(frames: frames, events: instance.events)
        return result.frames.filter { $0.thread == .main }.map { ($0.renderStartMilliseconds - $0.timestampMilliseconds) * 1_000 }
    }

    private func renderThreadWakeUps(of workload: any Workload, frames: Int) throws -> [Double] {
        let instance = workload.makeInstance(frames: frames, frameRate: 60)
        let loop = try FrameLoop(target: instance.target, strategy: AsyncPullStrategy.name, registry: registry, clock: .realTime)
        let result = try loop.run(frames: frames, events: instance.events)
        let withEvents = Set(instance.events.map(\.frame))
        return result.frames.filter { $0.thread == .render && !withEvents.contains($0.tick) }
            .map { ($0.renderStartMilliseconds - $0.timestampMilliseconds) * 1_000 }
    }

    /// Per workload, the median measured render time beside what the profile predicts for the same
    /// renders (without the frame loop's overhead, which the render times leave out).
    private func fitSummary(_ profile: CostProfile, _ renders: [String: [WorkCount: [Double]]], overheadMicroseconds: Double) -> Table {
        var table = Table(title: "Render times: measured (median) and fitted, in ms", columns: [
            Column("workload"), Column("renders", alignment: .right), Column("measured", decimals: 3), Column("fitted", decimals: 3),
        ])
        var model = profile.costModel
        model.perFrame -= .nanoseconds(Int64((overheadMicroseconds * 1_000).rounded()))
        for (workload, byWork) in renders.sorted(by: { $0.key < $1.key }) {
            let samples = byWork.flatMap { work, times in times.map { (work, $0) } }
            let measured = MedianEstimate(numbersIn: samples.map(\.1))?.median ?? .nan
            let fitted = MedianEstimate(numbersIn: samples.map { model.predictedMicroseconds(of: $0.0) })?.median ?? .nan
            table.append([.text(workload), .integer(samples.count), .number(measured / 1_000), .number(fitted / 1_000)])
        }
        return table
    }

    /// The classes of node kinds the fit tells apart. The workloads do not vary the thirty-odd kinds
    /// of the view layer independently enough to fit each on its own (most frames of a workload
    /// repeat the same counts), so kinds that do alike work share a cost: every kind of a class gets
    /// the class's costs in the profile.
    static let kindClasses: [String: String] = [
        "body": "body",
        "layout": "layout", "dimensions": "layout", "parameters": "layout",
        "placement": "geometry", "geometry": "geometry", "childGeometry": "geometry", "rowGeometry": "geometry",
        "rootGeometry": "geometry", "position": "geometry", "visibleRows": "geometry",
        "displayList": "display list", "transition": "display list",
        "elements": "view list", "element": "view list", "item": "view list", "presence": "view list",
        "data": "view list", "content": "view list",
        "resolved": "resolved value", "value": "resolved value", "curve": "resolved value", "trigger": "resolved value",
        "Environment": "environment", "colorScheme": "environment", "font": "environment", "foregroundColor": "environment",
    ]

    /// The class of `kind`: from ``kindClasses``; a kind named after a type (a view value projected
    /// from its parent) is a `view`; any other is `other`.
    static func kindClass(of kind: String) -> String {
        if let known = kindClasses[kind] { return known }
        return kind.first?.isUppercase == true ? "view" : "other"
    }

    /// The profile fitted to `renders` (per workload, the times of renders by their work).
    private func fit(
        _ renders: [String: [WorkCount: [Double]]], wakeUpMicroseconds: Double, handOffMicroseconds: Double, overheadMicroseconds: Double,
        repetitions: Int, frames: Int
    ) -> CostProfile {
        let kinds = Set(renders.values.flatMap { $0.keys.flatMap { $0.evaluations.keys } })
        let classes = Set(kinds.map(Self.kindClass)).sorted()
        var rows: [[Double]] = [], targets: [Double] = []
        for (_, byWork) in renders.sorted(by: { $0.key < $1.key }) {
            let framesOfWorkload = Double(byWork.values.reduce(0) { $0 + $1.count })
            for (work, times) in byWork.sorted(by: { $0.value.count > $1.value.count }) {
                guard let time = MedianEstimate(numbersIn: times)?.median, time > 0 else { continue }
                let weight = (Double(times.count) / framesOfWorkload).squareRoot() / time
                rows.append(work.features(classes: classes).map { $0 * weight })
                targets.append(time * weight)
            }
        }
        let x = NonNegativeLeastSquares(rows: rows, targets: targets).coefficients
        var perKind: [String: CostProfile.KindCost] = [:]
        for kind in kinds {
            let index = classes.firstIndex(of: Self.kindClass(of: kind))!
            perKind[kind] = CostProfile.KindCost(
                perEvaluationMicroseconds: nanosecondPrecision(x[1 + index]), perInputReadMicroseconds: nanosecondPrecision(x[1 + classes.count + index])
            )
        }
        // Unseen kinds: the mean cost of an evaluation over every measured render.
        var evaluationTime = 0.0, evaluationCount = 0
        for byWork in renders.values {
            for (work, times) in byWork {
                for (kind, count) in work.evaluations {
                    evaluationTime += Double(times.count) * (Double(count) * perKind[kind]!.perEvaluationMicroseconds
                        + Double(work.inputsRead[kind] ?? 0) * perKind[kind]!.perInputReadMicroseconds)
                    evaluationCount += times.count * count
                }
            }
        }
        return CostProfile(
            perFrameMicroseconds: nanosecondPrecision(x[0] + overheadMicroseconds),
            perEvaluationMicroseconds: nanosecondPrecision(evaluationCount > 0 ? evaluationTime / Double(evaluationCount) : 0),
            perKind: perKind, perNodeCreatedMicroseconds: nanosecondPrecision(x[x.count - 1]), wakeUpMicroseconds: nanosecondPrecision(wakeUpMicroseconds),
            threadHandOffMicroseconds: nanosecondPrecision(handOffMicroseconds),
            machine: BenchResults.Settings.machineDescription,
            method: "non-negative least-squares fit, relative, of real render times on evaluations and input reads by class of kind "
                + "(\(classes.joined(separator: ", "))) and nodes created, over \(rows.count) distinct renders of \(NumberFormat.counted(renders.count, "workload")) "
                + "under lazy on the real clock (\(repetitions) × \(frames) frames each), plus the frame loop's median commit overhead "
                + "(\(NumberFormat.compact(overheadMicroseconds)) µs) in the per-frame cost; wake-up: median vsync-to-render delay on the render thread "
                + "(\(Self.renderThreadWorkload) under async-pull), thread hand-off: the median delay to a main-thread render less the wake-up, "
                + "both over frames without scripted events"
        )
    }

    /// The Swift source of ``DefaultCostProfile`` holding `profile`.
    static func defaultProfileSource(_ profile: CostProfile) -> String {
        """
        // Generated by `swift run -c release bench calibrate --default`; do not edit.

        /// The committed cost profile of the virtual clock (``CostProfile/default``).
        enum DefaultCostProfile {
            /// The profile, as JSON.
            static let json = \"\"\"
                \(JSONText.encode(profile).trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: "\n        "))
                \"\"\"
        }

        """
    }
}

/// `microseconds` rounded to the nanosecond, the virtual clock's resolution.
private func nanosecondPrecision(_ microseconds: Double) -> Double {
    (microseconds * 1_000).rounded() / 1_000
}

/// The work one render did: evaluations and input reads by node kind, and nodes created.
struct WorkCount: Hashable {
    var evaluations: [String: Int] = [:]
    var inputsRead: [String: Int] = [:]
    var nodesCreated = 0

    /// The graph's per-name counters so far, by kind.
    init(of graph: Graph) {
        for slot in 0 ..< graph.nameSlotCount {
            let counters = graph.nameStatistics(atSlot: slot)
            nodesCreated += counters.nodesCreated
            guard counters.evaluations > 0 else { continue }
            let kind = CostModel.kind(ofNodeNamed: graph.name(atSlot: slot))
            evaluations[kind, default: 0] += counters.evaluations
            inputsRead[kind, default: 0] += counters.inputsRead
        }
    }

    private init() {}

    /// The work done between `earlier` and `self`.
    func since(_ earlier: WorkCount) -> WorkCount {
        var difference = WorkCount()
        for (kind, count) in evaluations where count != earlier.evaluations[kind] ?? 0 {
            difference.evaluations[kind] = count - (earlier.evaluations[kind] ?? 0)
            difference.inputsRead[kind] = (inputsRead[kind] ?? 0) - (earlier.inputsRead[kind] ?? 0)
        }
        difference.nodesCreated = nodesCreated - earlier.nodesCreated
        return difference
    }

    /// The fit's row: 1 (the frame), evaluations by class, input reads by class, nodes created.
    func features(classes: [String]) -> [Double] {
        var evaluated = [Double](repeating: 0, count: classes.count), read = evaluated
        for (kind, count) in evaluations {
            let index = classes.firstIndex(of: Calibration.kindClass(of: kind))!
            evaluated[index] += Double(count)
            read[index] += Double(inputsRead[kind] ?? 0)
        }
        return [1] + evaluated + read + [Double(nodesCreated)]
    }
}

extension CostModel {
    /// What a render doing `work` costs under this model, in microseconds.
    func predictedMicroseconds(of work: WorkCount) -> Double {
        var nanoseconds = perFrame.inNanoseconds + perNodeCreated.inNanoseconds * Int64(work.nodesCreated)
        for (kind, count) in work.evaluations {
            let cost = cost(ofKind: kind)
            nanoseconds += cost.perEvaluation.inNanoseconds * Int64(count) + cost.perInputRead.inNanoseconds * Int64(work.inputsRead[kind] ?? 0)
        }
        return Double(nanoseconds) / 1_000
    }
}

/// A render target that times each render of the target it wraps, and counts the work in it.
/// Used on one thread only (a virtual-clock run).
private final class TimedTarget: RenderTarget, @unchecked Sendable {
    private let base: any RenderTarget
    /// Each render's work and real time.
    private(set) var samples: [(work: WorkCount, microseconds: Double)] = []
    /// The time each render spent counting its work (before and after the timed part): the
    /// frame loop's render time includes it, a bench run's does not.
    private(set) var countingMicroseconds: [Double] = []

    init(_ base: any RenderTarget) {
        self.base = base
        base.graph.withLock { base.graph.recordsNodeStatistics = true }
    }

    var graph: Graph { base.graph }
    var wantsNextFrame: Bool { base.wantsNextFrame }
    func updateOutputs() { base.updateOutputs() }
    func renderAsync(at tick: Tick) -> AsyncRenderOutcome { base.renderAsync(at: tick) }
    func prepareUpdate(at tick: Tick) -> [any GraphNode]? { base.prepareUpdate(at: tick) }

    func render(at tick: Tick) {
        let countingStart = ContinuousClock.now
        let before = WorkCount(of: graph)
        let start = ContinuousClock.now
        base.render(at: tick)
        let end = ContinuousClock.now
        let work = WorkCount(of: graph).since(before)
        let counting = (start - countingStart) + (ContinuousClock.now - end)
        samples.append((work, microseconds(end - start)))
        countingMicroseconds.append(microseconds(counting))
    }

    /// `duration` in microseconds.
    private func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}
