import Reporting

/// Vander Zanden experiment 3: the storage the evaluators need, measured as the growth of the
/// resident set while a graph of `nodes` nodes is built and evaluated, on graphs whose rules have
/// 1, 2, 4 and 8 input edges each (``Workload/fanIn(nodes:fanIn:)``). A least-squares line through
/// bytes per node against edges per node separates the cost of a node from the cost of an edge.
struct Storage {
    struct Measurement {
        /// Which repetition of the whole experiment this is, from 0.
        var repetition: Int
        var evaluator: String
        var edgesPerNode: Int
        var bytesPerNode: Double
    }

    /// A fitted cost model: `bytes per node = node + edges per node × edge`.
    struct Fit {
        var evaluator: String
        var node: Double
        var edge: Double
    }

    var nodes = 0
    var measurements: [Measurement] = []

    /// Times the whole experiment is repeated, for the interval of the fitted costs.
    static let repetitions = 3
    static let markSweep = "mark-sweep (Graph)"
    static let topological = "topological (height-ordered)"

    static func run(_ context: RunContext) -> Storage {
        let nodes = context.quick ? 100_000 : 1_000_000
        var experiment = Storage(nodes: nodes)
        for repetition in 0 ..< repetitions {
            for fanIn in [1, 2, 4, 8] {
                let workload = Workload.fanIn(nodes: nodes, fanIn: fanIn)
                context.log("storage: \(NumberFormat.grouped(nodes)) nodes with \(fanIn) input edges each, repetition \(repetition + 1)")
                let builds: [(String, () -> AnyObject)] = [
                    (markSweep, { MarkSweepInstance(spec: workload.spec) }),
                    (topological, { TopologicalEvaluator(spec: workload.spec, observing: workload.outputs) }),
                ]
                for (evaluator, build) in builds {
                    guard let bytes = residentGrowth(build) else { continue }
                    experiment.measurements.append(Measurement(repetition: repetition, evaluator: evaluator, edgesPerNode: fanIn,
                                                               bytesPerNode: Double(bytes) / Double(nodes)))
                }
            }
        }
        return experiment
    }

    /// Resident bytes gained while `build` runs and its result is alive.
    private static func residentGrowth<T>(_ build: () -> T) -> Int? {
        guard let before = ResidentMemory.bytes() else { return nil }
        let built = build()
        return withExtendedLifetime(built) {
            ResidentMemory.bytes().map { $0 - before }
        }
    }

    /// The least-squares fit of each evaluator's measurements in `repetition` (all of them: `nil`).
    func fits(repetition: Int? = nil) -> [Fit] {
        [Self.markSweep, Self.topological].compactMap { evaluator in
            let points = measurements.filter { $0.evaluator == evaluator && (repetition == nil || $0.repetition == repetition) }
            guard points.count >= 2 else { return nil }
            let xs = points.map { Double($0.edgesPerNode) }, ys = points.map(\.bytesPerNode)
            let meanX = xs.reduce(0, +) / Double(xs.count), meanY = ys.reduce(0, +) / Double(ys.count)
            let slope = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
                / xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
            return Fit(evaluator: evaluator, node: meanY - slope * meanX, edge: slope)
        }
    }

    /// The fitted bytes per node of `evaluator`, per repetition, with its interval.
    func nodeBytes(_ evaluator: String) -> MedianEstimate? {
        let values = (0 ..< Self.repetitions).compactMap { fits(repetition: $0).first { $0.evaluator == evaluator }?.node }
        return values.isEmpty ? nil : MedianEstimate(values)
    }

    var table: Table {
        Table(title: "Resident bytes per node at \(NumberFormat.grouped(nodes)) nodes", rows: measurements, columns: [
            .init("repetition", alignment: .right) { .integer($0.repetition + 1) }, .init("evaluator") { .text($0.evaluator) },
            .init("input edges per rule", alignment: .right) { .integer($0.edgesPerNode) },
            .init("bytes per node", decimals: 1) { .number($0.bytesPerNode) },
        ])
    }

    var fitTable: Table {
        Table(title: "Cost model fitted by least squares (all repetitions)", rows: fits(), columns: [
            .init("evaluator") { .text($0.evaluator) }, .init("bytes per node", decimals: 1) { .number($0.node) },
            .init("bytes per edge", decimals: 1) { .number($0.edge) },
            .init("node cost / 8-byte value", decimals: 1) { .number($0.node / Double(MemoryLayout<Int>.size)) },
        ])
    }
}

/// Vander Zanden experiment 3 (claim: the storage the algorithms need can be the problem).
struct StorageExperiment: Experiment {
    let title = "Experiment 3: storage"

    func run(_ context: RunContext) -> Report {
        let storage = Storage.run(context)
        var report = Report()
        let fits = storage.fits()
        if let perNode = storage.nodeBytes(Storage.markSweep),
           let markSweep = fits.first(where: { $0.evaluator == Storage.markSweep }),
           let topological = fits.first(where: { $0.evaluator == Storage.topological }) {
            let value = Double(MemoryLayout<Int>.size)
            report.claim(.measured(
                "The storage the algorithms need can be the problem.",
                [Measure("mark-sweep bytes per node (fitted)", perNode, .above(10 * value), decimals: 0)],
                evidence: "ten times the \(MemoryLayout<Int>.size)-byte value or more counts as a problem; fitted over all repetitions, "
                    + "mark-sweep: \(NumberFormat.fixed(markSweep.node, decimals: 0)) bytes per node + "
                    + "\(NumberFormat.fixed(markSweep.edge, decimals: 0)) per edge; topological: "
                    + "\(NumberFormat.fixed(topological.node, decimals: 0)) + \(NumberFormat.fixed(topological.edge, decimals: 0))"
            ))
        }
        report.table(storage.table, file: "storage")
        report.table(storage.fitTable, file: "storage-fit")
        return report
    }
}
