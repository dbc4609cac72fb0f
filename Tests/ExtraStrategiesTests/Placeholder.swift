import ExtraStrategies
import Testing
@Test func strategiesLink() {}
