@testable import Reproductions

extension Report {
    /// The region and files as a quick run renders them with no Graphviz and no output folder.
    func rendered(renderer: DrawingRenderer = DrawingRenderer(graphviz: nil) { _ in nil }) -> RenderedReport {
        render(command: "reproduce test", machine: "test machine", quick: true, renderer: renderer)
    }

    /// The files a quick run writes.
    func renderedFiles() -> [GeneratedFile] { rendered().files }
}
