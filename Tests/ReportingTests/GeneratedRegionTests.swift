import Foundation
import Reporting
import Testing

@Suite struct GeneratedRegionTests {
    @Test func replacesOnlyTheRegion() throws {
        let document = """
            # Title
            Prose above.
            <!-- BEGIN GENERATED -->
            old numbers
            <!-- END GENERATED -->
            ## What we could not reproduce
            """
        let updated = try GeneratedRegion.replace(in: document, with: "new numbers\n\n")
        #expect(updated == """
            # Title
            Prose above.
            <!-- BEGIN GENERATED -->
            new numbers
            <!-- END GENERATED -->
            ## What we could not reproduce
            """)
        #expect(try GeneratedRegion.replace(in: updated, with: "new numbers") == updated)
    }

    @Test func rejectsDocumentsWithoutOneWellFormedRegion() {
        #expect(throws: GeneratedRegion.Failure.missingMarkers) {
            try GeneratedRegion.replace(in: "no markers", with: "x")
        }
        #expect(throws: GeneratedRegion.Failure.markersOutOfOrder) {
            try GeneratedRegion.replace(in: "\(GeneratedRegion.endMarker)\n\(GeneratedRegion.beginMarker)", with: "x")
        }
        let twice = "\(GeneratedRegion.beginMarker)\n\(GeneratedRegion.endMarker)\n\(GeneratedRegion.beginMarker)\n\(GeneratedRegion.endMarker)"
        #expect(throws: GeneratedRegion.Failure.repeatedMarkers) {
            try GeneratedRegion.replace(in: twice, with: "x")
        }
    }

    @Test func newDocumentHoldsJustTheRegion() throws {
        let document = GeneratedRegion.document(with: "numbers")
        #expect(document == "<!-- BEGIN GENERATED -->\nnumbers\n<!-- END GENERATED -->\n")
        #expect(try GeneratedRegion.replace(in: document, with: "numbers") == document)
    }

    @Test func updatingAFileNamesTheFileAndTheRegionWhenItCannot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generated-region-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.md").path
        let error = #expect(throws: GeneratedRegion.UpdateError.self) {
            try GeneratedRegion.update(fileAt: missing, name: "TABLE", with: "x")
        }
        #expect(error?.description.hasPrefix("\(missing) does not exist") == true)

        let other = folder.appendingPathComponent("other.md").path
        try "<!-- BEGIN GENERATED -->\n<!-- END GENERATED -->\n".write(toFile: other, atomically: true, encoding: .utf8)
        let unmarked = #expect(throws: GeneratedRegion.UpdateError.self) {
            try GeneratedRegion.update(fileAt: other, name: "TABLE", with: "x")
        }
        #expect(unmarked?.description == "\(other) has no <!-- BEGIN TABLE --> … <!-- END TABLE --> region")

        try GeneratedRegion.update(fileAt: other, name: "GENERATED", with: "new")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "<!-- BEGIN GENERATED -->\nnew\n<!-- END GENERATED -->\n")
    }
}
