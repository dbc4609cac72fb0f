import Scheduling
import Testing

@Test func schedulingModuleLinks() {
    #expect(Graph().nodeCount == 0)
}
