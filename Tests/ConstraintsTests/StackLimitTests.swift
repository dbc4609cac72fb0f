@testable import Constraints
import Foundation
import Synchronization
import Testing

/// A stack limit is used only on the thread it was measured on (`DeepEvaluation.swift`): an
/// outermost read that takes the lane for a rule whose inputs are up to date sets none, and a limit
/// another thread left behind must not send a shallow first evaluation to a continuation thread.
@Suite struct StackLimitTests {
    @Test func aLimitLeftByAnotherThreadIsNotUsed() {
        let graph = Graph()
        let x = graph.input(0, name: "x"), y = graph.input(0, name: "y")
        let ranOn = Mutex<UInt>(0)
        let fresh = graph.rule(name: "fresh") { () -> Int in
            ranOn.withLock { $0 = UInt(pthread_self()) }
            return 1
        }
        let reader = graph.rule(name: "reader") { x.value + y.value + (x.value > 0 ? fresh.value : 0) }
        #expect(reader.value == 0)
        x.value = 1
        // A limit above every address, left by another thread whose stack lies higher: a first
        // evaluation checked against it would move to a continuation thread.
        (graph.stackLimit, graph.stackLimitThread) = (.max, 1)
        #expect(reader.value == 2)
        #expect(ranOn.withLock { $0 } == UInt(pthread_self()), "the nested first evaluation stayed on the reading thread")
    }
}
