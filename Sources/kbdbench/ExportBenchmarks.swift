import LayoutEngine
import LayoutExport

/// Writing a layout as keyboard3 XML (`LDMLExporter.export`): the accent rules enumerate the
/// letters of Latin, Greek and Cyrillic that take each accent, which is most of the work.
func exportBenchmarks() -> [Benchmark] {
    ["hu-touch", "cs-touch"].compactMap { id in
        guard let layout = LayoutCatalog.readBuiltIn(id)?.layout else { return nil }
        return Benchmark(name: "export/\(id) as keyboard3", unit: "layout") { iterations in
            for _ in 0..<iterations { blackHole(LDMLExporter.export(layout).xml.utf8.count) }
            return iterations
        }
    }
}
