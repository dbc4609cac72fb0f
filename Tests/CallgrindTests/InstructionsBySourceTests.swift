import Callgrind
import Testing

/// Reading callgrind's output file: instructions by object and source file, with compressed
/// names, inlined files, calls' inclusive costs left out, and a total that the lines must reach.
@Suite struct InstructionsBySourceTests {
    /// A file in callgrind's format, as callgrind 3.19 writes it: `main` (in `app.swift`) runs 10
    /// instructions of its own, 5 of code inlined from `lib.swift`, and calls `helper` (in
    /// `lib.swift`, 20 instructions) and `malloc` (libc, no line information, 7); the calls'
    /// inclusive costs follow their `calls=` lines.
    private let output = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        cmd:  ./app x=1
        positions: line
        events: Ir
        summary: 42

        ob=(1) /work/app
        fl=(1) /work/Sources/App/app.swift
        fn=(1) main
        3 4
        +1 6
        fi=(2) /work/Sources/Lib/lib.swift
        12 5
        fe=(1)
        cfi=(2)
        cfn=(2) helper
        calls=1 20
        5 20
        cob=(2) /usr/lib/libc.so.6
        cfi=(3) ???
        cfn=(3) malloc
        calls=1 0
        * 7

        fl=(2)
        fn=(2)
        20 12
        +2 8

        ob=(2)
        fl=(3)
        fn=(3)
        0 7

        totals: 42
        """

    @Test func instructionsGoToTheirObjectAndFile() throws {
        let read = try InstructionsBySource(callgrindOutput: output)
        #expect(read.total == 42)
        #expect(read.instructions == [
            .init(object: "/work/app", file: "/work/Sources/App/app.swift"): 10,
            .init(object: "/work/app", file: "/work/Sources/Lib/lib.swift"): 25,
            .init(object: "/usr/lib/libc.so.6", file: "???"): 7,
        ])
        let byModule = InstructionsBySource.grouped(read.instructions) { $0.file.contains("/Sources/") ? String($0.file.split(separator: "/")[2]) : "other" }
        #expect(byModule == ["App": 10, "Lib": 25, "other": 7])
    }

    @Test func aFileItCannotReadIsAnError() {
        let withWrongTotal = output.replacingOccurrences(of: "totals: 42", with: "totals: 43")
        #expect(throws: CallgrindError.self) { try InstructionsBySource(callgrindOutput: withWrongTotal) }
        let withoutTotal = output.replacingOccurrences(of: "totals: 42", with: "")
        #expect(throws: CallgrindError.self) { try InstructionsBySource(callgrindOutput: withoutTotal) }
        let otherEvent = output.replacingOccurrences(of: "events: Ir", with: "events: Dr")
        #expect(throws: CallgrindError.self) { try InstructionsBySource(callgrindOutput: otherEvent) }
        let badCost = output.replacingOccurrences(of: "+1 6", with: "+1 six")
        #expect(throws: CallgrindError.self) { try InstructionsBySource(callgrindOutput: badCost) }
        let undefinedName = output.replacingOccurrences(of: "fe=(1)", with: "fe=(9)")
        #expect(throws: CallgrindError.self) { try InstructionsBySource(callgrindOutput: undefinedName) }
    }

    /// With `--dump-instr=yes --collect-jumps=yes`, cost lines have two positions (an address and a
    /// line), jumps are recorded (the line after `jump=` or `jcnd=` is where they go, with no
    /// cost) and a jump's target file is named with `jfi=`; a line without costs counts none.
    @Test func addressesAndJumpsAreRead() throws {
        let text = """
            positions: instr line
            events: Ir Dr
            ob=(1) /work/app
            fl=(1) /work/Sources/App/app.swift
            fn=(1) main
            0x4010 3 4 1
            +2 * 6
            jfi=(2) /work/Sources/Lib/lib.swift
            jump=2 0x5000 12
            0x5000 12
            fi=(2)
            0x5000 12 5
            +4 13

            totals: 15 1
            """
        let read = try InstructionsBySource(callgrindOutput: text)
        #expect(read.instructions == [
            .init(object: "/work/app", file: "/work/Sources/App/app.swift"): 10,
            .init(object: "/work/app", file: "/work/Sources/Lib/lib.swift"): 5,
        ])
    }
}
