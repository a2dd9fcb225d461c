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
