import ArgumentParsing
import Constraints
import Foundation
import OwnProcess

/// A memory workload: bytes per node of a long chain, measured as resident-set growth in a process
/// of its own (``measureInOwnProcess()``).
struct MemoryWorkload {
    let name: String
    let summary: String
    /// Rules in the chain (the input is not counted).
    let nodeCount: Int
    let recordsNodeStatistics: Bool
    /// Whether the rules after the first are made from stored bodies (``Successor``) rather than
    /// closures, which need no heap object per rule.
    var storedBodies = false
    /// The target in bytes per node, if there is one.
    let targetBytesPerNode: Double?

    /// Every memory workload, in report order.
    static var all: [MemoryWorkload] {
        [
            MemoryWorkload(
                name: "memory",
                summary: "bytes per node of a 1,000,000-rule chain (resident-set growth / nodes, in a process of its own)",
                nodeCount: 1_000_000, recordsNodeStatistics: false, targetBytesPerNode: 160
            ),
            MemoryWorkload(
                name: "memory-node-statistics",
                summary: "the same with Graph(recordsNodeStatistics: true)",
                nodeCount: 1_000_000, recordsNodeStatistics: true, targetBytesPerNode: nil
            ),
            MemoryWorkload(
                name: "memory-stored-bodies",
                summary: "the same chain with rules of stored bodies (RuleBody) rather than closures",
                nodeCount: 1_000_000, recordsNodeStatistics: false, storedBodies: true, targetBytesPerNode: nil
            ),
        ]
    }

    /// Measures the chain in a new process (`engine-bench memory NAME`), so that the figure does not
    /// depend on what ran before it: freed memory that the allocator keeps resident, and the blocks
    /// that a gone graph leaves for later ones, would serve the chain without the resident set
    /// growing. Stops with a message when the measurement fails (see ``numberPrintedByOwnProcess(_:tool:)``).
    func measureInOwnProcess() -> Double {
        numberPrintedByOwnProcess(["memory", name], tool: "engine-bench")
    }

    /// Builds the chain, evaluating each rule as it is created and keeping only the input and tail
    /// handles, and returns the growth of the resident set divided by the number of rules.
    ///
    /// Returns `nil` when the tail's value is wrong.
    func bytesPerNode() -> Double? {
        let (bytes, (graph, input, tail)) = residentGrowth { () -> (Graph, Input<Int>, Rule<Int>) in
            let graph = Graph(recordsNodeStatistics: recordsNodeStatistics)
            let input = graph.input(0, name: "input")
            var tail = graph.rule { input.value + 1 }
            blackHole(tail.value)
            for _ in 1 ..< nodeCount {
                let previous = tail
                tail = storedBodies ? graph.rule(body: Successor(previous: previous)) : graph.rule { previous.value + 1 }
                blackHole(tail.value)
            }
            return (graph, input, tail)
        }
        let correct = tail.value == nodeCount
        withExtendedLifetime((graph, input, tail)) {}
        return correct ? Double(bytes) / Double(nodeCount) : nil
    }
}

/// The body of a rule of ``MemoryWorkload``'s chain made from stored bodies: the rule before it
/// plus one, as the closures of the other chains compute.
private struct Successor: RuleBody {
    let previous: Rule<Int>
    var value: Int { previous.value + 1 }
}

/// `engine-bench memory NAME`: measures memory workload NAME in this process and prints its bytes
/// per node; exits with status 1 if the chain computed a wrong value.
func memoryCommand(_ parsed: ParsedArguments) -> Never {
    let workload = MemoryWorkload.all.first { $0.name == parsed.arguments[0] }!
    guard let bytes = workload.bytesPerNode() else {
        printError("engine-bench: verification failed: \(workload.name): wrong value at the chain's tail")
        exit(1)
    }
    print(bytes)
    exit(0)
}
