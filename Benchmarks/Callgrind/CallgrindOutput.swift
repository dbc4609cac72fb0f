/// Where a process's instructions ran, as callgrind's output file records them: for each object
/// (the executable or a library) and source file, the instructions executed in lines of that file,
/// not counting the functions those lines called. Code inlined from another file counts in that
/// file (an engine function inlined into a benchmark's loop counts in the engine's file), and code
/// without line information counts in its object under the file `???`.
public struct InstructionsBySource: Sendable {
    /// A place instructions ran in: an object and a source file of it.
    public struct Source: Hashable, Sendable {
        /// The path of the executable or library.
        public let object: String
        /// The path of the source file, as the object's debug information names it, or `???`.
        public let file: String

        /// The source `file` of `object`.
        public init(object: String, file: String) {
            (self.object, self.file) = (object, file)
        }
    }

    /// Instructions by source; they add up to ``total``.
    public let instructions: [Source: Double]
    /// The file's total, which callgrind writes at its end.
    public let total: Double

    /// Reads callgrind's output file `text`: format version 1 as callgrind writes it by default
    /// (compressed names and positions, one part), with `Ir` as the first event (later events are
    /// ignored), with or without `--dump-instr` or `--collect-jumps`.
    ///
    /// - Throws: ``CallgrindError`` when the file counts another event first, has a line this
    ///   reader does not understand, names a compressed name it never defined, or its lines do not
    ///   add up to its total (which would mean the reader misread it).
    public init(callgrindOutput text: String) throws {
        var names: [Substring: [Substring: Substring]] = [:]  // compressed names, per kind of name
        var object: Substring = "???", functionFile: Substring = "???", file: Substring = "???"
        var positions = 1
        // The line after `calls=` is the called function's inclusive cost, counted where it ran;
        // the line after `jump=` or `jcnd=` is where the jump goes, with no cost.
        var skipNextPositionLine = false
        var instructions: [Source: Double] = [:]
        var total: Double?
        // The source of the last cost line: most lines have the same, which spares making one.
        var lastSource: Source?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                if skipNextPositionLine { skipNextPositionLine = false; continue }
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                // A line may leave out events it has none of.
                guard fields.count >= positions, let count = fields.count == positions ? 0 : Double(fields[positions]) else {
                    throw CallgrindError("callgrind's output has a cost line this reader does not understand: '\(line)'")
                }
                let source: Source
                if let lastSource, lastSource.object == object, lastSource.file == file {
                    source = lastSource
                } else {
                    source = Source(object: String(object), file: String(file))
                    lastSource = source
                }
                instructions[source, default: 0] += count
                continue
            }
            guard let equals = line.firstIndex(of: "=") ?? line.firstIndex(of: ":") else { continue }
            let key = line[..<equals], value = line[line.index(after: equals)...].drop { $0 == " " }
            switch key {
            case "positions":
                positions = value.split(separator: " ").count
            case "events":
                guard value.split(separator: " ").first == "Ir" else {
                    throw CallgrindError("callgrind's output counts '\(value)', not instructions (Ir) first")
                }
            case "totals":
                total = Double(value.split(separator: " ").first ?? "")
            case "ob", "cob":
                let name = try Self.name(value, kind: "ob", in: &names)
                if key == "ob" { object = name }
            case "fl", "fi", "fe", "cfi", "cfl", "jfi":
                let name = try Self.name(value, kind: "fl", in: &names)
                if key == "fl" { functionFile = name }
                if key == "fl" || key == "fi" || key == "fe" { file = name }
            case "fn":
                // A function's lines are in its own file until an `fi=` or `fe=` says otherwise.
                // (Function names are not needed: `fn=` and `cfn=` share no table with files.)
                file = functionFile
            case "calls", "jump", "jcnd":
                skipNextPositionLine = true
            default:
                continue
            }
        }
        guard let total else { throw CallgrindError("callgrind's output has no 'totals:' line") }
        let sum = instructions.values.reduce(0, +)
        guard sum == total else {
            throw CallgrindError("callgrind's output lines add up to \(Int(sum)) instructions, not its total \(Int(total))")
        }
        self.instructions = instructions
        self.total = total
    }

    /// The name `value` gives: `(id) name` defines a compressed name of `kind`, `(id)` refers to
    /// one defined before, anything else is the name itself.
    private static func name(_ value: Substring, kind: Substring, in names: inout [Substring: [Substring: Substring]]) throws -> Substring {
        guard value.first == "(", let close = value.firstIndex(of: ")") else { return value }
        let id = value[...close]
        let rest = value[value.index(after: close)...].drop { $0 == " " }
        if rest.isEmpty {
            guard let defined = names[kind]?[id] else {
                throw CallgrindError("callgrind's output refers to the name \(id) before defining it")
            }
            return defined
        }
        names[kind, default: [:]][id] = rest
        return rest
    }

    /// `instructions` (by source, as ``instructions`` or a difference of two) grouped by `group`
    /// (a source's name for the reader: its file, its module, its library), summed.
    public static func grouped(_ instructions: [Source: Double], by group: (Source) -> String) -> [String: Double] {
        instructions.reduce(into: [:]) { $0[group($1.key), default: 0] += $1.value }
    }
}
