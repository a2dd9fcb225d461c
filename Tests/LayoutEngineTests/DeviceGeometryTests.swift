import LayoutEngine
import Testing

@Suite("Device geometry")
struct DeviceGeometryTests {
    @Test("names and WIDTHxPITCH parse; anything else does not")
    func parsing() {
        #expect(DeviceGeometry("portrait") == .portrait)
        #expect(DeviceGeometry("landscape") == .landscape)
        #expect(DeviceGeometry("tablet") == .tablet)
        #expect(DeviceGeometry("58.14x8.9") == .custom(widthMm: 58.14, rowPitchMm: 8.9))
        for bad in ["", "Landscape", "x", "58x", "x8.9", "0x8.9", "58x-1", "58x8.9x1", "nanxnan", "infx8"] {
            #expect(DeviceGeometry(bad) == nil, "\(bad)")
        }
        #expect(DeviceGeometry.custom(widthMm: 58, rowPitchMm: 8.9).description == "58x8.9")
    }

    @Test(
        "WIDTHxPITCH takes the sizes a layout file may state; others are refused with the range",
        arguments: [
            ("0.1x0.1", "the width must be a number from 10 to 2000 mm, found 0.1"),
            ("9.9x8", "the width must be a number from 10 to 2000 mm, found 9.9"),
            ("2001x8", "the width must be a number from 10 to 2000 mm, found 2001"),
            ("58x1.9", "the row pitch must be a number from 2 to 200 mm, found 1.9"),
            ("58x201", "the row pitch must be a number from 2 to 200 mm, found 201"),
            ("1e300x8", "the width must be a number from 10 to 2000 mm, found 1e+300"),
            ("infx8", "the width must be a number from 10 to 2000 mm, found inf"),
        ])
    func sizeRanges(_ text: String, _ problem: String) {
        #expect(DeviceGeometry(text) == nil)
        #expect(DeviceGeometry.sizeProblem(text) == problem)
    }

    @Test("the bounds themselves are sizes; names and malformed text have no size problem")
    func sizeBounds() {
        #expect(DeviceGeometry("10x2") == .custom(widthMm: 10, rowPitchMm: 2))
        #expect(DeviceGeometry("2000x200") == .custom(widthMm: 2000, rowPitchMm: 200))
        for text in ["portrait", "sideways", "58x", "58x8.9x1", "10x2"] {
            #expect(DeviceGeometry.sizeProblem(text) == nil)
        }
    }

    @Test("the 6.1-inch phone turned: 750 pt × 40.5 pt rows; the 11-inch tablet: 834 pt × 66 pt rows")
    func sizes() throws {
        // 460 pixels an inch, 3 pixels a point: 390 pt (portrait width) is the shipped 64.6 mm.
        #expect(abs(390 * DeviceGeometry.phoneMmPerPoint - 64.6) < 0.05)
        #expect(abs(54 * DeviceGeometry.phoneMmPerPoint - 8.9) < 0.05)
        let landscape = try #require(DeviceGeometry.landscape.size)
        #expect(abs(landscape.widthMm - 124.239) < 0.001)
        #expect(abs(landscape.rowPitchMm - 6.709) < 0.001)
        let tablet = try #require(DeviceGeometry.tablet.size)
        #expect(abs(tablet.widthMm - 160.482) < 0.001)
        #expect(abs(tablet.rowPitchMm - 12.7) < 0.001)
        #expect(DeviceGeometry.portrait.size == nil)
    }

    @Test("a touch layout takes the size and keeps its key units and gap; portrait changes nothing")
    func applied() throws {
        let layout = try LayoutCatalog.load("hu-touch")
        let turned = layout.with(.landscape)
        #expect(abs(turned.geometry.widthMm - 124.239) < 0.001)
        #expect(turned.geometry.unitsPerRow == 11)
        #expect(turned.geometry.keyGapMm == 1)
        #expect(turned.keys == layout.keys)
        #expect(layout.with(.portrait).geometry == layout.geometry)
        let tiny = layout.with(.custom(widthMm: 5.5, rowPitchMm: 2))
        #expect(abs(tiny.geometry.keyGapMm - 0.05) < 1e-12, "a gap wider than the key unit is narrowed")
    }
}
