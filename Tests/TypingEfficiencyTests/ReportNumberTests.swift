import Testing

@testable import TypingEfficiency

@Suite("report numbers")
struct ReportNumberTests {
    @Test(
        "whole numbers: grouped in tables, plain in CSV and JSON, beyond Int64 written, not trapped",
        arguments: [
            (5_410_436.4, "5,410,436", "5410436"),
            (-1234.5, "-1,235", "-1235"),
            (0, "0", "0"),
            (1e19, "10000000000000000000", "10000000000000000000"),
            (
                -1e300, "-1000000000000000052504760255204420248704468581108",
                "-1000000000000000052504760255204420248704468581108"
            ),
            (Double.infinity, "inf", "inf"),
            (Double.nan, "nan", "nan"),
        ])
    func wholeNumbers(_ value: Double, _ grouped: String, _ whole: String) {
        // Values beyond Int64 are compared by their first 50 characters.
        #expect(ReportNumber.grouped(value).prefix(50) == grouped)
        #expect(ReportNumber.whole(value).prefix(50) == whole)
    }
}
