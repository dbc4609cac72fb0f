import Testing
import Workloads

@Suite struct CatalogTests {
    @Test func catalogHasTheWorkloadsOfTheIssue() {
        #expect(WorkloadCatalog.names == [
            "counter", "foreach-animation", "color-animation", "color-scheme", "wide-list", "deep-tree",
            "scroll-feed", "expensive-feed", "burst-1", "burst-10", "burst-100", "busy-main", "main-thread-stall",
            "heavy-update",
        ])
    }

    @Test func theDefaultSetIsEveryWorkload() {
        #expect(WorkloadCatalog.defaultSet.map(\.name) == WorkloadCatalog.names)
    }

    @Test func everyWorkloadIsFoundByItsName() throws {
        for name in WorkloadCatalog.names {
            #expect(try WorkloadCatalog.named(name).name == name)
        }
    }

    @Test func unknownNameListsTheKnownOnes() {
        #expect(throws: WorkloadError.unknownWorkload("wide", known: WorkloadCatalog.names)) {
            try WorkloadCatalog.named("wide")
        }
        let error = WorkloadError.unknownWorkload("wide", known: WorkloadCatalog.names)
        #expect(error.description.hasPrefix("unknown workload 'wide'; known workloads: counter, foreach-animation,"))
    }

    @Test func everyWorkloadHasASummaryAndADefaultLength() {
        for workload in WorkloadCatalog.all {
            #expect(!workload.summary.isEmpty)
            #expect(workload.defaultFrames == 120)
        }
    }
}
