import Workloads
import Testing
@Test func workloadsLink() {}
