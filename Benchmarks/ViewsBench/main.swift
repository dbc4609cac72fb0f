import ArgumentParsing
import Constraints
import Foundation
import OwnProcess
import Reporting
import Views

// views-bench: the work of one row's change in a list — delivering the tap and rendering the next
// frame — for growing lists. The work must grow with the change, not with the list.

/// What selecting a row changes.
enum Change: String, CaseIterable {
    /// The button's title grows ("select" → "selected", in a larger font): the row's height
    /// changes, so every later row moves.
    case relabel
    /// Only the row's color changes: no layout changes.
    case recolor
}

/// The shape of the rows of a list.
enum RowShape: String, CaseIterable {
    /// Today's benchmark row: a text, a spacer and a button in an `HStack`, under a frame.
    case plain
    /// A row as apps write it: a fixed-size swatch, a label in a fixed-height frame, a spacer and a
    /// button that a tap finds by its title (``AppRow``).
    case app

    /// The name a tap finds the button of the middle row of `rows` by, on the `repetition`th tap
    /// (from 1): plain rows' buttons have an identifier; app rows' are found by title.
    func tapName(rows: Int, change: Change, repetition: Int) -> String {
        switch self {
        case .plain: "row-\(rows / 2)"
        case .app: AppRow.title(index: rows / 2, change: change, isSelected: repetition % 2 == 0)
        }
    }

    /// Views per row, for bytes per view.
    var viewsPerRow: Int {
        switch self {
        // The row, its stack, two texts, their two modifiers, the spacer, the button, the
        // identifier and the frame.
        case .plain: 10
        // The row, its stack, the swatch and its frame, the label and its frame, the spacer, the
        // button, its text and its font.
        case .app: 10
        }
    }
}

/// A row whose own state changes when its button is tapped.
struct SelectableRow: View, Equatable {
    let index: Int
    let change: Change
    @State var isSelected = false

    var body: some View {
        HStack {
            Text("Row \(index)").foregroundColor(change == .recolor && isSelected ? .orange : nil)
            Spacer()
            Button(change == .relabel && isSelected ? "selected" : "select") { isSelected.toggle() }
                .font(change == .relabel && isSelected ? .title : .body)
                .accessibilityIdentifier("row-\(index)")
        }
        .frame(height: change == .recolor ? 20 : nil)
    }
}

/// A row as apps write it (``RowShape/app``): a swatch of fixed size, a label in a frame of fixed
/// height (its width is the label's), a spacer and a button found by its title. Recolor changes the
/// swatch's color; relabel the button's title and font (the row grows).
struct AppRow: View, Equatable {
    let index: Int
    let change: Change
    @State var isSelected = false

    var body: some View {
        HStack {
            Color(red: change == .recolor && isSelected ? 1 : 0.2, green: 0.5, blue: 0.8).frame(width: 16, height: 16)
            Text("Item \(index)").frame(height: 20)
            Spacer()
            Button(Self.title(index: index, change: change, isSelected: isSelected)) { isSelected.toggle() }
                .font(change == .relabel && isSelected ? .title : .body)
        }
    }

    /// The button's title, by which a tap finds it (the button has no identifier): relabel makes
    /// it longer.
    static func title(index: Int, change: Change, isSelected: Bool) -> String {
        change == .relabel && isSelected ? "Deselect \(index)" : "Select \(index)"
    }
}

/// A list of `count` selectable rows.
struct SelectableList: View, Equatable {
    let count: Int
    let change: Change
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< count) { SelectableRow(index: $0, change: change) }
        }
    }
}

/// A list of `count` rows as apps write them.
struct AppList: View, Equatable {
    let count: Int
    let change: Change
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0 ..< count) { AppRow(index: $0, change: change) }
        }
    }
}

/// What the benchmark needs of a host, whatever its root view.
protocol ListHost: AnyObject {
    var graph: Graph { get }
    func tap(_ identifier: String) -> Bool
    func render(at time: Double) -> DisplayList
}

extension ViewHost: ListHost {}

/// Makes the host of a list of `rows` rows of `shape` and renders its first frame: the build that
/// views-bench times, and whose instructions `views-bench instructions` counts (by this function's
/// symbol, ``buildSymbol``: not inlined).
@inline(never)
func buildList(_ shape: RowShape, rows: Int, change: Change) -> any ListHost {
    let host: any ListHost
    switch shape {
    case .plain:
        host = ViewHost(rootView: SelectableList(count: rows, change: change), size: Size(width: 300, height: Double(rows) * 20))
    case .app:
        // Wide enough for the widest row (a relabelled one of 100,000), so that no row's change
        // widens the list, which would move every row.
        host = ViewHost(rootView: AppList(count: rows, change: change), size: Size(width: 400, height: Double(rows) * 20))
    }
    _ = host.render(at: 0)
    return host
}

/// One measured list size.
struct Measurement {
    let shape: RowShape
    let change: Change
    let rows: Int
    let nodes: Int
    /// Resident-set growth per view of building the list in a process of its own.
    let bytesPerView: Double
    /// Milliseconds of each build (making the host and rendering its first frame).
    let buildMilliseconds: [Double]
    /// Milliseconds of the engine alone making and evaluating as many nodes and edges, after each
    /// build (``engineFloorMilliseconds(nodes:edges:rows:)``).
    let engineFloorMilliseconds: [Double]
    /// Evaluations of each change; exact, so every repetition must give the same number.
    let changeEvaluations: Set<Int>
    /// Nodes marked out of date by each change (exact).
    let changeMarks: Set<Int>
    /// Milliseconds of each change (the tap and the next frame).
    let changeMilliseconds: [Double]
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// Builds a list of `rows` rows and renders it, `builds` times (each list let go before the next
/// is built), then `repetitions` times taps the middle row's button of the last and renders the next
/// frame.
func measure(_ shape: RowShape, rows: Int, change: Change, builds: Int, repetitions: Int) -> Measurement {
    // Before the builds, so that this process holds no list while the other builds one.
    let bytesPerView = bytesPerViewInOwnProcess(shape, rows: rows, change: change)
    var host: (any ListHost)?
    var buildTimes: [Double] = []
    var floorTimes: [Double] = []
    for _ in 0 ..< builds {
        host = nil
        returnFreedMemory()
        let buildStart = DispatchTime.now().uptimeNanoseconds
        let built = buildList(shape, rows: rows, change: change)
        buildTimes.append(milliseconds(since: buildStart))
        let statistics = built.graph.statistics
        host = built
        returnFreedMemory()
        floorTimes.append(engineFloorMilliseconds(nodes: built.graph.nodeCount, edges: statistics.edgesAdded - statistics.edgesRemoved, rows: rows))
    }
    guard let host else { fatalError("views-bench: no list was built") }
    var evaluations: Set<Int> = []
    var marks: Set<Int> = []
    var times: [Double] = []
    for repetition in 1 ... repetitions {
        let before = host.graph.statistics.evaluations
        let marksBefore = host.graph.statistics.marks
        let start = DispatchTime.now().uptimeNanoseconds
        let name = shape.tapName(rows: rows, change: change, repetition: repetition)
        guard host.tap(name) else { fatalError("views-bench: no button '\(name)'") }
        _ = host.render(at: Double(repetition))
        times.append(milliseconds(since: start))
        evaluations.insert(host.graph.statistics.evaluations - before)
        marks.insert(host.graph.statistics.marks - marksBefore)
    }
    return Measurement(shape: shape, change: change, rows: rows, nodes: host.graph.nodeCount, bytesPerView: bytesPerView,
                       buildMilliseconds: buildTimes, engineFloorMilliseconds: floorTimes, changeEvaluations: evaluations, changeMarks: marks, changeMilliseconds: times)
}

/// The resident-set growth per view of building a list of `rows` rows, measured in a new process
/// (`views-bench memory`): in this one, memory that earlier lists freed, which the allocator keeps
/// resident and the engine keeps for later graphs, would serve the list without the resident set
/// growing.
func bytesPerViewInOwnProcess(_ shape: RowShape, rows: Int, change: Change) -> Double {
    numberPrintedByOwnProcess(["memory", shape.rawValue, change.rawValue, "\(rows)"], tool: "views-bench")
}

/// `views-bench memory SHAPE CHANGE ROWS`: builds the list in this process and prints its
/// resident-set growth per view.
func memoryCommand(_ parsed: ParsedArguments) -> Never {
    // Checked by the parse (``Options/spec``).
    let shape = RowShape(rawValue: parsed.arguments[0])!, change = Change(rawValue: parsed.arguments[1])!, rows = Int(parsed.arguments[2])!
    let (bytes, built) = residentGrowth { buildList(shape, rows: rows, change: change) }
    withExtendedLifetime(built) {}
    print(Double(bytes) / Double(rows * shape.viewsPerRow))
    exit(0)
}

/// Prints `message` and exits with `status`: ``ExitStatus/usage`` (an unusable file given on the
/// command line) unless told otherwise.
func fail(_ message: String, status: Int32 = ExitStatus.usage) -> Never {
    FileHandle.standardError.write(Data("views-bench: \(message)\n".utf8))
    exit(status)
}

let parsed = Options.spec.parseOrExit(CommandLine.arguments.dropFirst())
if parsed.subcommand == "instructions" {
    instructionsCommand(parsed)
    exit(0)
}
if parsed.subcommand == "memory" { memoryCommand(parsed) }
let options = Options(parsed)
let (readme, rowCounts, repetitions, builds, changes, shapes) = (options.readme, options.rowCounts, options.repetitions, options.builds, options.changes, options.shapes)

if let readme {
    do { try GeneratedRegion.check(fileAt: readme, name: "VIEWS-BENCH") } catch { fail("\(error)") }
}
var table = Table(title: "One row of a list changes (a tap and the next frame)", columns: [
    Column("row"), Column("change"), Column("rows", alignment: .right), Column("graph nodes", alignment: .right),
    Column("bytes per view", alignment: .right), Column("ms to build (median)", alignment: .right, decimals: 1), Column("build interval"),
    Column("engine alone, ms (median)", alignment: .right, decimals: 1),
    Column("evaluations for the change", alignment: .right), Column("marks for the change", alignment: .right),
    Column("ms for the change (median)", alignment: .right, decimals: 3), Column("95 % interval"),
    Column("× smallest list", alignment: .right, decimals: 1),
])
var grew: [String] = []
// The intervals' coverage, the same for every list (it depends only on the number of samples).
var changeCoverage = 0.0, buildCoverage = 0.0
for shape in shapes {
    for change in changes {
        var counts: Set<Int> = []
        var smallest: Double?
        for rows in rowCounts.sorted() {
            let result = measure(shape, rows: rows, change: change, builds: builds, repetitions: repetitions)
            counts.formUnion(result.changeEvaluations)
            let time = MedianEstimate(result.changeMilliseconds)
            let build = MedianEstimate(result.buildMilliseconds)
            let floor = MedianEstimate(result.engineFloorMilliseconds)
            (changeCoverage, buildCoverage) = (time.coverage, build.coverage)
            let evaluations = result.changeEvaluations.sorted().map(String.init).joined(separator: "/")
            let marks = result.changeMarks.sorted().map(String.init).joined(separator: "/")
            if smallest == nil { smallest = time.median }
            table.append([.text(shape.rawValue), .text(change.rawValue), .integer(result.rows), .integer(result.nodes), .integer(Int(result.bytesPerView.rounded())),
                          .number(build.median), .text(builds > 1 ? String(format: "%.1f–%.1f", build.low, build.high) : "—"),
                          .number(floor.median), .text(evaluations), .text(marks), .number(time.median),
                          .text(String(format: "%.3f–%.3f", time.low, time.high)), .number(time.median / smallest!)])
        }
        if counts.count != 1 { grew.append("\(shape.rawValue) \(change.rawValue)") }
    }
}
print(table.markdown())
if let readme {
    let note = "\nGenerated by `swift run -c release views-bench \(CommandLine.arguments.dropFirst().joined(separator: " "))`: \(NumberFormat.counted(builds, "build")) of each list (making the host and rendering its first frame, each list let go before the next is built) and \(NumberFormat.counted(repetitions, "change")) of the last, each a tap on the middle row's button and the next frame; medians with order-statistic intervals, which cover the median with \(String(format: "%.1f", 100 * changeCoverage)) % probability for the changes and \(String(format: "%.1f", 100 * buildCoverage)) % for the builds. The evaluation counts are exact; bytes per view are the resident-set growth of building one list in a process of its own (`views-bench memory`), divided by the views per row (\(RowShape.allCases.map { "\($0.viewsPerRow) \($0.rawValue)" }.joined(separator: ", "))); *× smallest list* is the median time of a change divided by that in the smallest list of the same rows and change. *Engine alone* is the floor under a build: after each build, the engine makes a graph of as many nodes with as many edges (one chain of rules a row, each reading the rule before it and shared inputs) and runs each of its rules once, with nothing of the view layer (`Benchmarks/ViewsBench/EngineFloor.swift`)."
    do {
        try GeneratedRegion.update(fileAt: readme, name: "VIEWS-BENCH", with: table.markdown() + note)
    } catch {
        fail("\(error)", status: ExitStatus.failure)
    }
}
if !grew.isEmpty {
    FileHandle.standardError.write(Data("views-bench: the evaluations for one row's change vary with the list or between repetitions (\(grew))\n".utf8))
    exit(ExitStatus.failure)
}
