import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// The squeezed layout and the landscape geometry draw at 80×24: every key of the base layer
/// gets a box with its label, and the screen keeps its size.
@Suite("Drawing at other geometries")
struct GeometryDrawingTests {
    @Test(
        "hu-squeezed and hu-touch, portrait and landscape, at 80×24",
        arguments: ["hu-squeezed", "hu-touch"], [DeviceGeometry.portrait, .landscape, .tablet])
    func draws(_ id: String, _ geometry: DeviceGeometry) {
        let layout = Shipped.layout(id).with(geometry)
        let state = SessionState.initial(layout)
        let model = ScreenModel(
            layout: layout, state: state, text: "", size: TerminalSize(columns: 80, lines: 24),
            hints: PhysicalKeyMap(layout: layout, layer: state.visibleLayer(in: layout)).hints,
            status: StatusInfo(keystrokes: 0, characters: 0, lastEdit: ""))
        let lines = ScreenRenderer.render(model)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { TerminalWidth.width(of: $0) == 80 })
        let screen = lines.joined(separator: "\n")
        #expect(!screen.contains("too small"))
        for key in layout.keys where key.layer == layout.baseLayer {
            #expect(screen.contains(key.label), "\(id) \(geometry): no \(key.label)")
        }
    }
}
