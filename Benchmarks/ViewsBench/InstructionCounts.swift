import ArgumentParsing
import Callgrind
import Foundation
import Reporting

// `views-bench instructions`: the instruction counts of issue 19's measures, counted by callgrind
// (exact and repeatable where wall-clock time on a shared machine is not), beside the counts
// recorded at earlier commits in a history file. Each run under callgrind is a `views-bench list`
// (one list built and changed in the counted process: under valgrind, `views-bench` itself cannot
// start the processes it measures each list in).
//
// - A change (relabel, recolor) at 2,000 and 10,000 rows: the difference between runs of 8 and 3
//   changes, divided by 5, so that the build and the process's start cancel out.
// - The build of 10,000 rows: the instructions inside `ViewHost.render` of the 3-change run, less
//   the render part of its 3 changes (the same difference of the 8- and 3-change runs).
// - The build per row: the instructions inside `buildList` (making the host and rendering its first
//   frame) of plain rows at 3,000 rows less at 1,000, divided by 2,000, so that what a build does
//   once cancels out (`views-bench instructions --build-per-row` counts this one alone).
// - A change of rows as apps write them (app relabel, app recolor) at 100 and 10,000 rows, as
//   above, so that the two counts' ratio says how the change's work grows with the list.
// - A `color-scheme` switch under `lazy` on the virtual clock: the difference between `bench` runs
//   of 240 and 60 frames, divided by the switches (rendered frames) between them, and per
//   evaluation, divided by the evaluations between them instead.

/// One measure of the history file and the table: what was counted, at how many rows.
struct InstructionMeasure: Hashable {
    /// `relabel`, `recolor`, `app relabel`, `app recolor`, `build`, `build per row`, `engine alone`,
    /// `engine alone (stored bodies)`, `scheme-switch` (instructions per color-scheme switch),
    /// `scheme-evaluation` (instructions per evaluation of a switch) or `scheme-evaluations`
    /// (evaluations per switch, a count rather than instructions).
    let name: String
    let rows: Int
}

/// Counts recorded at earlier commits: `Docs/InstructionCounts.csv`, lines of
/// `measure,rows,column,value` under a header line, in the order the columns are shown.
struct InstructionHistory {
    private(set) var columns: [String] = []
    private(set) var values: [String: [InstructionMeasure: Double]] = [:]

    init(contentsOf path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CallgrindError("no history file at \(path) (run from the package's folder, or give --history PATH)")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CallgrindError("cannot read \(path) as UTF-8 text")
        }
        for (number, line) in text.split(separator: "\n").enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let rows = Int(fields[1]), let value = Double(fields[3]) else {
                throw CallgrindError("\(path), line \(number + 1): expected measure,rows,column,value, found '\(line)'")
            }
            set(value, for: InstructionMeasure(name: fields[0], rows: rows), in: fields[2])
        }
    }

    mutating func set(_ value: Double, for measure: InstructionMeasure, in column: String) {
        if values[column] == nil { columns.append(column) }
        values[column, default: [:]][measure] = value
    }

    func csv() -> String {
        var lines = ["measure,rows,column,value"]
        for column in columns {
            for (measure, value) in values[column]!.sorted(by: { ($0.key.name, $0.key.rows) < ($1.key.name, $1.key.rows) }) {
                lines.append("\(measure.name),\(measure.rows),\(column),\(value.rounded() == value ? String(Int(value)) : String(value))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The symbol of `ViewHost.render(at:)`, whose inclusive count is the render part of a run.
let renderSymbol = "$s5Views8ViewHostC6render2atAA11DisplayListVSd_tF"

/// The symbol of ``buildList(_:rows:change:)``, whose inclusive count is a build.
let buildSymbol = "$s11views_bench9buildList_4rows6changeAA0D4Host_pAA8RowShapeO_SiAA6ChangeOtF"

/// The instructions inside `symbol` (the function `function`, whose symbol the constant `constant`
/// holds) in `count`; throws when callgrind shows none there, as after a rename.
private func inclusive(of symbol: String, in count: Callgrind.Count, function: String, constant: String) throws -> Double {
    guard let instructions = count.inclusive[symbol], instructions > 0 else {
        throw CallgrindError("callgrind_annotate shows no \(symbol) (\(function)): renamed? Update \(constant)")
    }
    return instructions
}

/// Instructions of building a list of plain rows, per row: the instructions inside ``buildList(_:rows:change:)``
/// at 3,000 rows less at 1,000, divided by 2,000.
func buildPerRow(with callgrind: Callgrind) throws -> Double {
    let executable = try Callgrind.currentExecutable()
    func run(_ rows: Int) throws -> Double {
        progress("callgrind: build of \(rows) plain rows")
        let count = try callgrind.count(executable, ["list", "plain", "recolor", "\(rows)", "--builds", "1", "--repetitions", "1"],
                                        inclusiveOf: [buildSymbol])
        return try inclusive(of: buildSymbol, in: count, function: "buildList(_:rows:change:)", constant: "buildSymbol")
    }
    let small = try run(1_000), large = try run(3_000)
    return (large - small) / 2_000
}

/// Instructions of one change (a tap and the next frame) of `shape`'s rows at `rows` rows: the
/// difference between runs of 8 and 3 changes, divided by 5.
private func changeCount(_ shape: RowShape, _ change: Change, rows: Int, with callgrind: Callgrind, executable: String,
                         inclusiveOf symbols: [String] = []) throws -> (perChange: Double, three: Callgrind.Count, eight: Callgrind.Count) {
    func run(_ changes: Int) throws -> Callgrind.Count {
        progress("callgrind: \(shape.rawValue) \(change.rawValue), \(rows) rows, \(changes) changes")
        return try callgrind.count(executable, ["list", shape.rawValue, change.rawValue, "\(rows)", "--builds", "1", "--repetitions", "\(changes)"],
                                   inclusiveOf: symbols)
    }
    let three = try run(3), eight = try run(8)
    return ((eight.total - three.total) / 5, three, eight)
}

/// Counts every measure of the table now, with this executable and the `bench` built beside it.
func countInstructions(with callgrind: Callgrind) throws -> [InstructionMeasure: Double] {
    let executable = try Callgrind.currentExecutable()
    let bench = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("bench").path
    guard FileManager.default.isExecutableFile(atPath: bench) else {
        throw CallgrindError("no bench beside \(executable): build it first (swift build -c release --product bench)")
    }
    var counts: [InstructionMeasure: Double] = [:]
    for change in Change.allCases {
        for rows in [2_000, 10_000] {
            let count = try changeCount(.plain, change, rows: rows, with: callgrind, executable: executable,
                                        inclusiveOf: [renderSymbol, floorSymbol, storedBodiesFloorSymbol])
            counts[InstructionMeasure(name: change.rawValue, rows: rows)] = count.perChange
            if change == .recolor && rows == 10_000 {
                let threeRender = try inclusive(of: renderSymbol, in: count.three, function: "ViewHost.render(at:)", constant: "renderSymbol")
                let eightRender = try inclusive(of: renderSymbol, in: count.eight, function: "ViewHost.render(at:)", constant: "renderSymbol")
                counts[InstructionMeasure(name: "build", rows: rows)] = threeRender - 3 * (eightRender - threeRender) / 5
                counts[InstructionMeasure(name: "engine alone", rows: rows)] =
                    try inclusive(of: floorSymbol, in: count.three, function: "buildFloor(in:nodes:edges:rows:)", constant: "floorSymbol")
                counts[InstructionMeasure(name: "engine alone (stored bodies)", rows: rows)] =
                    try inclusive(of: storedBodiesFloorSymbol, in: count.three,
                                  function: "buildFloorOfStoredBodies(in:nodes:edges:rows:)", constant: "storedBodiesFloorSymbol")
            }
        }
        for rows in [100, 10_000] {
            counts[InstructionMeasure(name: "app \(change.rawValue)", rows: rows)] =
                try changeCount(.app, change, rows: rows, with: callgrind, executable: executable).perChange
        }
    }
    counts[InstructionMeasure(name: "build per row", rows: 3_000)] = try buildPerRow(with: callgrind)
    let scheme = try schemeCounts(bench: bench, callgrind: callgrind)
    counts[InstructionMeasure(name: "scheme-switch", rows: 300)] = scheme.perSwitch
    counts[InstructionMeasure(name: "scheme-evaluation", rows: 300)] = scheme.perSwitch / scheme.evaluationsPerSwitch
    counts[InstructionMeasure(name: "scheme-evaluations", rows: 300)] = scheme.evaluationsPerSwitch
    return counts
}

/// Instructions and evaluations per `color-scheme` switch, from runs of 60 and 240 frames.
private func schemeCounts(bench: String, callgrind: Callgrind) throws -> (perSwitch: Double, evaluationsPerSwitch: Double) {
    func run(frames: Int) throws -> (instructions: Double, evaluations: Double, switches: Double) {
        progress("callgrind: color-scheme, \(frames) frames")
        let arguments = ["--workload", "color-scheme", "--strategy", "lazy", "--clock", "virtual", "--frames", "\(frames)"]
        let instructions = try callgrind.count(bench, arguments).total
        // The virtual clock is deterministic: a second run, not under callgrind, gives the counts
        // (writing the JSON under callgrind would count its writing, which grows with the frames).
        let folder = callgrind.scratch.appendingPathComponent("scheme-\(frames)").path
        _ = try Callgrind.run(bench, arguments + ["--output", folder], scratch: callgrind.scratch)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("results.json"))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let runs = json["runs"] as? [[String: Any]], let result = runs.first?["result"] as? [String: Any],
              let evaluations = result["evaluations"] as? Double, let switches = result["renderedFrames"] as? Double
        else { throw CallgrindError("\(folder)/results.json has no runs[0].result.evaluations and .renderedFrames") }
        return (instructions, evaluations, switches)
    }
    let short = try run(frames: 60), long = try run(frames: 240)
    let switches = long.switches - short.switches
    guard switches > 0, long.evaluations > short.evaluations else {
        throw CallgrindError("color-scheme rendered no more switches in 240 frames than in 60")
    }
    return ((long.instructions - short.instructions) / switches, (long.evaluations - short.evaluations) / switches)
}

private func progress(_ message: String) {
    FileHandle.standardError.write(Data("views-bench: \(message)\n".utf8))
}

/// The two tables of the README's region: changes and build, and the color-scheme switch. A table
/// shows the columns that have a count of one of its measures.
func instructionTables(_ history: InstructionHistory) -> [Table] {
    func columns(with measures: [InstructionMeasure]) -> [String] {
        history.columns.filter { column in measures.contains { history.values[column]?[$0] != nil } }
    }
    func millions(_ value: Double) -> String {
        let millions = value / 1e6
        if millions >= 1_000 { return NumberFormat.grouped(Int(millions.rounded())) + " M" }
        return NumberFormat.fixed(millions, decimals: millions < 1 ? 3 : millions < 10 ? 2 : 1) + " M"
    }
    func count(_ value: Double) -> String { NumberFormat.grouped(Int(value.rounded())) }

    let changeMeasures = ["relabel", "recolor"].flatMap { name in [2_000, 10_000].map { InstructionMeasure(name: name, rows: $0) } }
        + ["app relabel", "app recolor"].flatMap { name in [100, 10_000].map { InstructionMeasure(name: name, rows: $0) } }
        + [InstructionMeasure(name: "build", rows: 10_000), InstructionMeasure(name: "engine alone", rows: 10_000),
           InstructionMeasure(name: "engine alone (stored bodies)", rows: 10_000), InstructionMeasure(name: "build per row", rows: 3_000)]
    let changeColumns = columns(with: changeMeasures)
    var changes = Table(title: "Instructions per change, and for the build of a list", columns:
        [Column("measure"), Column("rows", alignment: .right)] + changeColumns.map { Column($0, alignment: .right) })
    for measure in changeMeasures {
        changes.append([.text(measure.name), .integer(measure.rows)] + changeColumns.map { column in
            history.values[column]?[measure].map { .text(measure.name == "build per row" ? count($0) : millions($0)) } ?? .missing
        })
    }

    let schemeRows: [(label: String, measure: InstructionMeasure, format: (Double) -> String)] = [
        ("evaluations per switch", InstructionMeasure(name: "scheme-evaluations", rows: 300), count),
        ("instructions per switch", InstructionMeasure(name: "scheme-switch", rows: 300), millions),
        ("instructions per evaluation", InstructionMeasure(name: "scheme-evaluation", rows: 300), count),
    ]
    let schemeColumns = columns(with: schemeRows.map(\.measure))
    var scheme = Table(title: "A color-scheme switch (300 rows of seven views, lazy, virtual clock)", columns:
        [Column("")] + schemeColumns.map { Column($0, alignment: .right) })
    for row in schemeRows {
        scheme.append([.text(row.label)] + schemeColumns.map { column in
            history.values[column]?[row.measure].map { .text(row.format($0)) } ?? .missing
        })
    }
    return [changes, scheme]
}

/// `views-bench instructions [--history PATH] [--readme PATH] [--record LABEL]`, or
/// `views-bench instructions --build-per-row`.
func instructionsCommand(_ parsed: ParsedArguments) {
    let historyPath = parsed.string("--history") ?? "Docs/InstructionCounts.csv"
    let readme = parsed.string("--readme")
    let record = parsed.string("--record")
    if parsed.has("--build-per-row") {
        guard readme == nil, record == nil else {
            fail("--build-per-row prints one count: it takes no --readme or --record")
        }
        do {
            let callgrind = try Callgrind(tool: "views-bench")
            defer { callgrind.removeScratch() }
            let perRow = try buildPerRow(with: callgrind)
            print("build per row: \(NumberFormat.grouped(Int(perRow.rounded()))) instructions (buildList of 3,000 plain rows less 1,000, divided by 2,000)")
        } catch {
            fail("\(error)", status: ExitStatus.failure)
        }
        return
    }
    do {
        var history = try InstructionHistory(contentsOf: historyPath)
        if let readme { try GeneratedRegion.check(fileAt: readme, name: "INSTRUCTION-COUNTS") }
        let callgrind = try Callgrind(tool: "views-bench")
        defer { callgrind.removeScratch() }
        let counts = try countInstructions(with: callgrind)
        let column = record ?? "now"
        for (measure, value) in counts { history.set(value.rounded(), for: measure, in: column) }
        if record != nil { try FileSystem.write(history.csv(), to: historyPath) }
        let tables = instructionTables(history)
        let text = tables.map { $0.markdown() }.joined(separator: "\n")
        print(text)
        if let readme {
            let command = (["swift run -c release views-bench instructions"] + CommandLine.arguments.dropFirst(2)).joined(separator: " ")
            let note = "\nGenerated by `\(command)` from `\(historyPath)` (columns recorded at those commits) and this run. Counted by callgrind with `SWIFT_DETERMINISTIC_HASHING=1`: a change is the difference between runs of 8 and 3 changes, divided by 5; an app change is the same for rows as apps write them (`--shape app`); the build is the instructions in `ViewHost.render` of the 3-change recolor run less its 3 changes, *build per row* the instructions in `buildList` at 3,000 plain rows less at 1,000, divided by 2,000, *engine alone* the instructions in that run's engine floor (the engine making and evaluating a graph of as many nodes with as many edges, as in the VIEWS-BENCH table), and *engine alone (stored bodies)* the same of its floor whose rules have stored bodies (`RuleBody`, no heap object per rule); a color-scheme switch is the difference between `bench --workload color-scheme --strategy lazy --clock virtual` runs of 240 and 60 frames, divided by the switches (and, per evaluation, the evaluations) between them."
            try GeneratedRegion.update(fileAt: readme, name: "INSTRUCTION-COUNTS", with: text + note)
        }
    } catch {
        fail("\(error)", status: ExitStatus.failure)
    }
}
