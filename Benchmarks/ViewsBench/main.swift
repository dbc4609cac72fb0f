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

/// What one process measured of a list size (`views-bench list SHAPE CHANGE ROWS`): its builds,
/// the engine alone after each, and the changes of the last list built.
///
/// Each list size is measured in a process of its own: in one process, the lists built after a
/// large one was let go took two to four times as long as in a fresh process (the same code, the
/// engine alone included), so that a row of the table depended on the rows before it.
struct ListMeasurement {
    /// Nodes of the last list's graph.
    let nodes: Int
    /// Milliseconds of each build (making the host and rendering its first frame).
    let buildMilliseconds: [Double]
    /// Milliseconds of the engine alone making and evaluating as many nodes and edges, after each
    /// build (``engineFloorMilliseconds(nodes:edges:rows:storedBodies:)``), with rules made from
    /// closures.
    let engineFloorMilliseconds: [Double]
    /// The same with rules of stored bodies (``RuleBody``), after each build.
    let bodyFloorMilliseconds: [Double]
    /// Evaluations of each change; exact, so every repetition must give the same number.
    let changeEvaluations: [Int]
    /// Nodes marked out of date by each change (exact).
    let changeMarks: [Int]
    /// Milliseconds of each change (the tap and the next frame).
    let changeMilliseconds: [Double]

    /// A measurement of a list of `nodes` nodes, from each build's and each change's figures in the
    /// order they were taken.
    init(nodes: Int, buildMilliseconds: [Double], engineFloorMilliseconds: [Double], bodyFloorMilliseconds: [Double],
         changeEvaluations: [Int], changeMarks: [Int], changeMilliseconds: [Double]) {
        self.nodes = nodes
        self.buildMilliseconds = buildMilliseconds
        self.engineFloorMilliseconds = engineFloorMilliseconds
        self.bodyFloorMilliseconds = bodyFloorMilliseconds
        self.changeEvaluations = changeEvaluations
        self.changeMarks = changeMarks
        self.changeMilliseconds = changeMilliseconds
    }

    /// What `views-bench list` prints: the nodes, each build's milliseconds, each floor's of
    /// closures and each floor's of stored bodies, then each change's evaluations, marks and
    /// milliseconds, separated by spaces.
    var printed: String {
        let changes = changeEvaluations.indices.flatMap {
            [Double(changeEvaluations[$0]), Double(changeMarks[$0]), changeMilliseconds[$0]]
        }
        return ([Double(nodes)] + buildMilliseconds + engineFloorMilliseconds + bodyFloorMilliseconds + changes).map { "\($0)" }.joined(separator: " ")
    }

    /// Reads ``printed`` back, for `builds` builds and `repetitions` changes; `nil` when the count
    /// of numbers is not that or a count is not a whole number.
    init?(printed numbers: [Double], builds: Int, repetitions: Int) {
        guard builds > 0, repetitions > 0, numbers.count == Self.printedCount(builds: builds, repetitions: repetitions) else { return nil }
        let changes = numbers[(1 + 3 * builds)...]
        let counts = [numbers[0]] + changes.enumerated().filter { $0.offset % 3 != 2 }.map(\.element)
        guard counts.allSatisfy({ $0 == $0.rounded() && $0 <= Double(Int.max / 2) }) else { return nil }
        nodes = Int(numbers[0])
        buildMilliseconds = Array(numbers[1 ... builds])
        engineFloorMilliseconds = Array(numbers[(1 + builds) ..< (1 + 2 * builds)])
        bodyFloorMilliseconds = Array(numbers[(1 + 2 * builds) ..< (1 + 3 * builds)])
        let triples = stride(from: changes.startIndex, to: changes.endIndex, by: 3).map { Array(changes[$0 ..< $0 + 3]) }
        changeEvaluations = triples.map { Int($0[0]) }
        changeMarks = triples.map { Int($0[1]) }
        changeMilliseconds = triples.map { $0[2] }
    }
}

extension ListMeasurement {
    /// How many numbers ``printed`` holds for `builds` builds and `repetitions` changes.
    static func printedCount(builds: Int, repetitions: Int) -> Int { 1 + 3 * builds + 3 * repetitions }
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// Builds a list of `rows` rows and renders it, `builds` times (each list let go before the next
/// is built), then `repetitions` times taps the middle row's button of the last and renders the next
/// frame; all in this process (see ``ListMeasurement``).
func measureInThisProcess(_ shape: RowShape, rows: Int, change: Change, builds: Int, repetitions: Int) -> ListMeasurement {
    var host: (any ListHost)?
    var buildTimes: [Double] = []
    var floorTimes: [Double] = []
    var bodyFloorTimes: [Double] = []
    for build in 0 ..< builds {
        host = nil
        returnFreedMemory()
        let buildStart = DispatchTime.now().uptimeNanoseconds
        let built = buildList(shape, rows: rows, change: change)
        buildTimes.append(milliseconds(since: buildStart))
        let statistics = built.graph.statistics
        host = built
        returnFreedMemory()
        let (nodes, edges) = (built.graph.nodeCount, statistics.edgesAdded - statistics.edgesRemoved)
        func timeFloor(storedBodies: Bool) {
            let time = engineFloorMilliseconds(nodes: nodes, edges: edges, rows: rows, storedBodies: storedBodies)
            if storedBodies { bodyFloorTimes.append(time) } else { floorTimes.append(time) }
        }
        // The two floors take turns going first, so that neither always runs on the heap the
        // other has just warmed.
        let bodiesFirst = !build.isMultiple(of: 2)
        timeFloor(storedBodies: bodiesFirst)
        returnFreedMemory()
        timeFloor(storedBodies: !bodiesFirst)
    }
    guard let host else { fatalError("views-bench: no list was built") }
    var evaluations: [Int] = []
    var marks: [Int] = []
    var times: [Double] = []
    for repetition in 1 ... repetitions {
        let before = host.graph.statistics.evaluations
        let marksBefore = host.graph.statistics.marks
        let start = DispatchTime.now().uptimeNanoseconds
        let name = shape.tapName(rows: rows, change: change, repetition: repetition)
        guard host.tap(name) else { fatalError("views-bench: no button '\(name)'") }
        _ = host.render(at: Double(repetition))
        times.append(milliseconds(since: start))
        evaluations.append(host.graph.statistics.evaluations - before)
        marks.append(host.graph.statistics.marks - marksBefore)
    }
    return ListMeasurement(nodes: host.graph.nodeCount, buildMilliseconds: buildTimes, engineFloorMilliseconds: floorTimes,
                           bodyFloorMilliseconds: bodyFloorTimes,
                           changeEvaluations: evaluations, changeMarks: marks, changeMilliseconds: times)
}

/// ``measureInThisProcess(_:rows:change:builds:repetitions:)`` in a new process (`views-bench
/// list`). Stops with a message when that process fails or prints what is not a measurement.
func measureInOwnProcess(_ shape: RowShape, rows: Int, change: Change, builds: Int, repetitions: Int) -> ListMeasurement {
    let arguments = ["list", shape.rawValue, change.rawValue, "\(rows)", "--builds", "\(builds)", "--repetitions", "\(repetitions)"]
    let numbers = numbersPrintedByOwnProcess(arguments, tool: "views-bench", count: ListMeasurement.printedCount(builds: builds, repetitions: repetitions))
    guard let measurement = ListMeasurement(printed: numbers, builds: builds, repetitions: repetitions) else {
        fail("the process for '\(arguments.joined(separator: " "))' printed a count (nodes, evaluations or marks) that is not a whole number",
             status: ExitStatus.failure)
    }
    return measurement
}

/// `views-bench list SHAPE CHANGE ROWS`: measures the list in this process and prints
/// ``ListMeasurement/printed``.
func listCommand(_ parsed: ParsedArguments) -> Never {
    // Checked by the parse (``Options/spec``).
    let shape = RowShape(rawValue: parsed.arguments[0])!, change = Change(rawValue: parsed.arguments[1])!, rows = Int(parsed.arguments[2])!
    let defaults = Options()
    let builds = parsed.integer("--builds") ?? defaults.builds, repetitions = parsed.integer("--repetitions") ?? defaults.repetitions
    print(measureInThisProcess(shape, rows: rows, change: change, builds: builds, repetitions: repetitions).printed)
    exit(0)
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
if parsed.subcommand == "list" { listCommand(parsed) }
let options = Options(parsed)
let (readme, rowCounts, repetitions, builds, changes, shapes) = (options.readme, options.rowCounts, options.repetitions, options.builds, options.changes, options.shapes)

if let readme {
    do { try GeneratedRegion.check(fileAt: readme, name: "VIEWS-BENCH") } catch { fail("\(error)") }
}
var table = Table(title: "One row of a list changes (a tap and the next frame)", columns: [
    Column("row"), Column("change"), Column("rows", alignment: .right), Column("graph nodes", alignment: .right),
    Column("bytes per view", alignment: .right), Column("ms to build (median)", alignment: .right, decimals: 1), Column("build interval"),
    Column("engine alone, ms (median)", alignment: .right, decimals: 1),
    Column("engine alone, stored bodies, ms (median)", alignment: .right, decimals: 1),
    Column("evaluations for the change", alignment: .right), Column("marks for the change", alignment: .right),
    Column("ms for the change (median)", alignment: .right, decimals: 3), Column("95 % interval"),
    Column("× smallest list", alignment: .right, decimals: 1),
])
/// The shapes and changes whose evaluations or marks per change were not one number, with the numbers.
var varying: [String] = []
// The intervals' coverage, the same for every list (it depends only on the number of samples).
var changeCoverage = 0.0, buildCoverage = 0.0
for shape in shapes {
    for change in changes {
        var evaluationCounts: Set<Int> = [], markCounts: Set<Int> = []
        var smallest: Double?
        for rows in rowCounts.sorted() {
            // Memory first, in a process of its own; then the builds and changes in another.
            let bytesPerView = bytesPerViewInOwnProcess(shape, rows: rows, change: change)
            let result = measureInOwnProcess(shape, rows: rows, change: change, builds: builds, repetitions: repetitions)
            evaluationCounts.formUnion(result.changeEvaluations)
            markCounts.formUnion(result.changeMarks)
            let time = MedianEstimate(result.changeMilliseconds)
            let build = MedianEstimate(result.buildMilliseconds)
            let floor = MedianEstimate(result.engineFloorMilliseconds)
            let bodyFloor = MedianEstimate(result.bodyFloorMilliseconds)
            (changeCoverage, buildCoverage) = (time.coverage, build.coverage)
            let evaluations = Set(result.changeEvaluations).sorted().map(String.init).joined(separator: "/")
            let marks = Set(result.changeMarks).sorted().map(String.init).joined(separator: "/")
            if smallest == nil { smallest = time.median }
            table.append([.text(shape.rawValue), .text(change.rawValue), .integer(rows), .integer(result.nodes), .integer(Int(bytesPerView.rounded())),
                          .number(build.median), .text(builds > 1 ? String(format: "%.1f–%.1f", build.low, build.high) : "—"),
                          .number(floor.median), .number(bodyFloor.median), .text(evaluations), .text(marks), .number(time.median),
                          .text(String(format: "%.3f–%.3f", time.low, time.high)), .number(time.median / smallest!)])
        }
        if evaluationCounts.count != 1 { varying.append("\(shape.rawValue) \(change.rawValue): evaluations \(evaluationCounts.sorted())") }
        if markCounts.count != 1 { varying.append("\(shape.rawValue) \(change.rawValue): marks \(markCounts.sorted())") }
    }
}
print(table.markdown())
// A run whose counts vary is a failed run: its table is printed, but not written into the file.
if !varying.isEmpty {
    fail("the evaluations or marks for one row's change vary with the list or between repetitions (\(varying.joined(separator: "; ")))"
         + (readme.map { "; \($0) left as it was" } ?? ""), status: ExitStatus.failure)
}
if let readme {
    let note = "\nGenerated by `swift run -c release views-bench \(CommandLine.arguments.dropFirst().joined(separator: " "))`: \(NumberFormat.counted(builds, "build")) of each list (making the host and rendering its first frame, each list let go before the next is built) and \(NumberFormat.counted(repetitions, "change")) of the last, each a tap on the middle row's button and the next frame, all in a process of its own for each list size (`views-bench list`), so that no list measured before changes the times; medians with order-statistic intervals, which cover the median with \(String(format: "%.1f", 100 * changeCoverage)) % probability for the changes and \(String(format: "%.1f", 100 * buildCoverage)) % for the builds. The evaluation counts are exact; bytes per view are the resident-set growth of building one list in a process of its own (`views-bench memory`), divided by the views per row (\(RowShape.allCases.map { "\($0.viewsPerRow) \($0.rawValue)" }.joined(separator: ", "))); *× smallest list* is the median time of a change divided by that in the smallest list of the same rows and change. *Engine alone* is the floor under a build: after each build, the engine makes a graph of as many nodes with as many edges (one chain of rules a row, each reading the rule before it and shared inputs) and runs each of its rules once, with nothing of the view layer (`Benchmarks/ViewsBench/EngineFloor.swift`); its rules are all made from closures and, in the next column, all from stored bodies (`RuleBody`), which need no heap object per rule (the view layer makes some of each: `Docs/Views.md`); the two take turns going first."
    do {
        try GeneratedRegion.update(fileAt: readme, name: "VIEWS-BENCH", with: table.markdown() + note)
    } catch {
        fail("\(error)", status: ExitStatus.failure)
    }
}
