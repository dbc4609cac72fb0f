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
}
