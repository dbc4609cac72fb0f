@testable import Reproductions
import Testing

/// The oracle on small graphs whose answers are worked out by hand.
@Suite struct IdealOracleTests {
    @Test func chainRequiresEveryRuleAndMarksEachOnce() {
        var spec = GraphSpec()
        let x = spec.addInput(0)
        let a = spec.addSum(of: [x], plus: 1)
        let b = spec.addSum(of: [a], plus: 1)
        let c = spec.addSum(of: [b], plus: 1)
        let oracle = IdealOracle(spec: spec)
        let expectation = oracle.apply(Step(writes: [Write(node: x, value: 10)], reads: [c]))
        #expect(expectation.changedInputs == 1)
        #expect(expectation.affected == 3)
        #expect(expectation.demanded == 3)
        #expect(expectation.requiredCount == 3 && expectation.allowedCount == 3)
        #expect(expectation.marks == 3)
        #expect(oracle.values[Int(c)] == 13)
        let reread = oracle.apply(Step(writes: [], reads: [c]))
        #expect(reread.requiredCount == 0 && reread.allowedCount == 0 && reread.marks == 0)
    }

    @Test func unreadRulesStayMarkedAndAreNotMarkedAgain() {
        var spec = GraphSpec()
        let x = spec.addInput(0)
        let read = spec.addSum(of: [x], plus: 1)
        let unread = spec.addSum(of: [x], plus: 2)
        let oracle = IdealOracle(spec: spec)
        let first = oracle.apply(Step(writes: [Write(node: x, value: 1)], reads: [read]))
        #expect(first.affected == 2 && first.demanded == 1 && first.requiredCount == 1 && first.marks == 2)
        #expect(!first.required[Int(unread)])
        let second = oracle.apply(Step(writes: [Write(node: x, value: 2)], reads: [read]))
        #expect(second.marks == 1, "the unread rule is still out of date from the first step")
    }

    @Test func cutoffStopsRequirements() {
        var spec = GraphSpec()
        let x = spec.addInput(0)
        let parity = spec.addResidue(of: [x], modulus: 2)
        let after = spec.addSum(of: [parity], plus: 1)
        let oracle = IdealOracle(spec: spec)
        let expectation = oracle.apply(Step(writes: [Write(node: x, value: 2)], reads: [after]))
        #expect(expectation.required[Int(parity)] && !expectation.required[Int(after)])
        #expect(!expectation.allowed[Int(after)])
        #expect(expectation.affected == 1 && expectation.marks == 2)
    }

    @Test func selectDependsOnlyOnItsBranch() {
        var spec = GraphSpec()
        let condition = spec.addInput(0)
        let a = spec.addInput(1), b = spec.addInput(2)
        let select = spec.addSelect(condition: condition, ifEven: a, ifOdd: b)
        let oracle = IdealOracle(spec: spec)
        let changeB = oracle.apply(Step(writes: [Write(node: b, value: 3)], reads: [select]))
        #expect(changeB.marks == 0 && changeB.requiredCount == 0 && changeB.affected == 0)
        let flip = oracle.apply(Step(writes: [Write(node: condition, value: 1)], reads: [select]))
        #expect(flip.required[Int(select)] && flip.marks == 1)
        #expect(oracle.values[Int(select)] == 3)
        let changeA = oracle.apply(Step(writes: [Write(node: a, value: 4)], reads: [select]))
        #expect(changeA.marks == 0 && changeA.requiredCount == 0)
    }

    @Test func valueThatChangedBackIsAllowedButNotRequired() {
        var spec = GraphSpec()
        let x = spec.addInput(0)
        let parity = spec.addResidue(of: [x], modulus: 2)
        let alwaysRead = spec.addSum(of: [parity])
        let sometimesRead = spec.addSum(of: [parity], plus: 1)
        let oracle = IdealOracle(spec: spec)
        _ = oracle.apply(Step(writes: [Write(node: x, value: 1)], reads: [alwaysRead]))
        let back = oracle.apply(Step(writes: [Write(node: x, value: 2)], reads: [sometimesRead]))
        #expect(!back.required[Int(sometimesRead)], "parity is 0 again, as when it was last read")
        #expect(back.allowed[Int(sometimesRead)], "parity changed in between")
        _ = alwaysRead
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func graphDoesWhatTheOracleAllows(seed: UInt64) {
        let workload = Workload.randomDAG(nodes: 300, seed: seed)
        let run = CheckedRun(spec: workload.spec)
        for step in workload.steps(40, seed: seed) {
            let result = run.apply(step)
            #expect(result.agrees, "missed \(result.missed), unallowed \(result.unallowed), marks \(result.marks) vs \(result.expectation.marks)")
        }
    }
}
