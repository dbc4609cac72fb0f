import Reporting

/// Vander Zanden experiment 3: the storage the evaluators need, measured as the growth of the
/// resident set while a graph of `nodes` nodes is built and evaluated, on graphs whose rules have
/// 1, 2, 4 and 8 input edges each (``Workload/fanIn(nodes:fanIn:)``). A least-squares line through
/// bytes per node against edges per node separates the cost of a node from the cost of an edge.
struct StorageExperiment {
    struct Measurement {
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

    static let markSweep = "mark-sweep (Graph)"
    static let topological = "topological (height-ordered)"

    static func run(_ context: RunContext) -> StorageExperiment {
        let nodes = context.quick ? 100_000 : 1_000_000
        var experiment = StorageExperiment(nodes: nodes)
        for fanIn in [1, 2, 4, 8] {
            let workload = Workload.fanIn(nodes: nodes, fanIn: fanIn)
            context.log("storage: \(NumberFormat.grouped(nodes)) nodes with \(fanIn) input edges each")
            if let bytes = residentGrowth({ MarkSweepInstance(spec: workload.spec) }) {
                experiment.measurements.append(Measurement(evaluator: markSweep, edgesPerNode: fanIn, bytesPerNode: Double(bytes) / Double(nodes)))
            }
            if let bytes = residentGrowth({ TopologicalEvaluator(spec: workload.spec, observing: workload.outputs) }) {
                experiment.measurements.append(Measurement(evaluator: topological, edgesPerNode: fanIn, bytesPerNode: Double(bytes) / Double(nodes)))
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

    /// The least-squares fit of each evaluator's measurements.
    var fits: [Fit] {
        [Self.markSweep, Self.topological].compactMap { evaluator in
            let points = measurements.filter { $0.evaluator == evaluator }
            guard points.count >= 2 else { return nil }
            let xs = points.map { Double($0.edgesPerNode) }, ys = points.map(\.bytesPerNode)
            let meanX = xs.reduce(0, +) / Double(xs.count), meanY = ys.reduce(0, +) / Double(ys.count)
            let slope = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
                / xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
            return Fit(evaluator: evaluator, node: meanY - slope * meanX, edge: slope)
        }
    }

    var table: Table {
        var table = Table(title: "Resident bytes per node at \(NumberFormat.grouped(nodes)) nodes", columns: [
            Column("evaluator"), Column("input edges per rule", alignment: .right), Column("bytes per node", decimals: 1),
        ])
        for measurement in measurements {
            table.append([.text(measurement.evaluator), .integer(measurement.edgesPerNode), .number(measurement.bytesPerNode)])
        }
        return table
    }

    var fitTable: Table {
        var table = Table(title: "Cost model fitted by least squares", columns: [
            Column("evaluator"), Column("bytes per node", decimals: 1), Column("bytes per edge", decimals: 1),
            Column("node cost / 8-byte value", decimals: 1),
        ])
        for fit in fits {
            table.append([.text(fit.evaluator), .number(fit.node), .number(fit.edge), .number(fit.node / Double(MemoryLayout<Int>.size))])
        }
        return table
    }
}
