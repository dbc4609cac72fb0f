import Foundation
import Reporting
import Testing

@Suite struct TableTests {
    let table = Table(title: "Cost | per change", columns: [
        Column("shape"), Column("nodes", alignment: .right), Column("ns", decimals: 1),
    ], rows: [
        ["chain", 1_000, .number(812.25)],
        [.text("a, \"quoted\" name"), .integer(-12), .missing],
    ])

    @Test func markdownAlignsAndEscapes() {
        #expect(table.markdown() == """
            **Cost \\| per change**

            | shape | nodes | ns |
            |:---|---:|---:|
            | chain | 1,000 | 812.2 |
            | a, "quoted" name | -12 |  |

            """)
    }

    @Test func csvQuotesOnlyWhatNeedsQuoting() {
        #expect(table.csv() == "shape,nodes,ns\r\nchain,1000,812.2\r\n\"a, \"\"quoted\"\" name\",-12,\r\n")
    }

    @Test func jsonRoundTripsThroughCodable() throws {
        let text = table.json()
        let decoded = try JSONDecoder().decode(Table.self, from: Data(text.utf8))
        #expect(decoded == table)
        #expect(text.contains("\"title\" : \"Cost | per change\""))
        // A whole number in a column with decimals decodes as a number again, not an integer.
        let whole = Table(title: "t", columns: [Column("x", decimals: 2)], rows: [[.number(3)]])
        #expect(try JSONDecoder().decode(Table.self, from: Data(whole.json().utf8)) == whole)
    }

    @Test func numberFormattingIsFixedAndLocaleFree() {
        #expect(NumberFormat.fixed(1234.5, decimals: 2) == "1234.50")
        #expect(NumberFormat.fixed(-0.0001, decimals: 2) == "0.00")
        #expect(NumberFormat.fixed(.nan, decimals: 1) == "nan")
        #expect(NumberFormat.compact(0) == "0")
        #expect(NumberFormat.compact(0.05) == "0.05")
        #expect(NumberFormat.compact(2.5) == "2.5")
        #expect(NumberFormat.compact(1_000) == "1k")
        #expect(NumberFormat.compact(2_500_000) == "2.5M")
        #expect(NumberFormat.compact(1e9) == "1G")
        #expect(NumberFormat.grouped(1_234_567) == "1,234,567")
        #expect(NumberFormat.grouped(-999) == "-999")
    }
}
