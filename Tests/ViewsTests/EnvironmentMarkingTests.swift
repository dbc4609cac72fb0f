import Constraints
import Testing
import Views

/// What changing one key of the host's environment reaches: the readers of that key, not the
/// readers of the others, and no text is measured again when only its color changes.
@Suite struct EnvironmentMarkingTests {
    struct Row: View {
        var body: some View {
            HStack {
                Text("Label")
                Color.background
            }
        }
    }

    /// The marks and evaluations of the frame that applies `change`, totalled by node name.
    private func statistics(after change: @escaping (inout EnvironmentValues) -> Void) -> [String: NodeStatistics] {
        let host = ViewHost(rootView: Row(), size: Size(width: 200, height: 40))
        host.render(at: 0)
        host.graph.withLock { host.graph.recordsNodeStatistics = true }
        host.updateEnvironment(change)
        host.render(at: 1)
        let snapshot = host.graph.withLock { host.graph.snapshot() }
        return snapshot.nodes.reduce(into: [:]) { totals, node in
            guard let statistics = node.statistics else { return }
            totals[node.name, default: NodeStatistics()].marks += statistics.marks
            totals[node.name, default: NodeStatistics()].evaluations += statistics.evaluations
        }
    }

    @Test func aColorSchemeSwitchMarksOnlyTheReadersOfTheColorScheme() {
        let counts = statistics { $0.colorScheme = .dark }
        #expect(counts["Text.resolved"]?.evaluations == 1)
        #expect(counts["Color.resolved"]?.evaluations == 1)
        #expect(counts["Text.layout"]?.marks == 0)
        #expect(counts["Environment(root).font"]?.marks == 0)
        #expect(counts["Environment(root).foregroundColor"]?.marks == 0)
        #expect(counts.filter { $0.key.hasSuffix(".layout") || $0.key.hasSuffix(".placement") }.allSatisfy { $0.value.marks == 0 })
    }

    @Test func aFontChangeMeasuresTheTextAgain() {
        let counts = statistics { $0.font = .title }
        #expect(counts["Text.layout"]?.evaluations == 1)
        #expect(counts["Text.resolved"]?.evaluations == 1)
        #expect(counts["Color.resolved"]?.marks == 0)
    }

    @Test func anUnchangedKeyMarksNothingBelowTheRoot() {
        let counts = statistics { $0.colorScheme = .light }
        #expect(counts.filter { $0.key != "environment" && $0.key != "Environment(root)" }.allSatisfy { $0.value.marks == 0 })
    }
}
