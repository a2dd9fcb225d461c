import Foundation

extension LayoutLoader {
    /// Loads the layout file at `path`; its id must equal the file name without `.json`.
    /// - Throws: `LayoutLoadError` with every problem when the file cannot be used.
    public static func load(path: String) throws(LayoutLoadError) -> Layout {
        let result = read(path: path)
        guard let layout = result.layout else { throw LayoutLoadError(diagnostics: result.diagnostics) }
        return layout
    }

    /// Reads the layout file at `path`, with diagnostics (warnings included).
    public static func read(path: String) -> Result {
        let bytes: [UInt8]
        switch FileReading.contents(of: path) {
        case .success(let contents): bytes = contents
        case .failure(let failure):
            return Result(
                layout: nil,
                diagnostics: [
                    LayoutDiagnostic(
                        .error, .unreadableFile, file: path, location: nil, path: "", message: failure.description)
                ])
        }
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let expectedID = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : nil
        return read(bytes: bytes, file: path, expectedID: expectedID)
    }
}
