import Foundation
import LDMLKeyboards
import LayoutEngine

/// CLDR keyboard3 keyboards as layouts: `cldr:ID` (shipped) and `FILE.xml`.
enum LDMLLayouts {
    /// The layout of the keyboard `id` names; LDML diagnostics become `KBD-E302`.
    static func layout(_ id: String) throws(LayoutLoadError) -> Layout {
        let keyboard: LDMLKeyboard
        do {
            keyboard =
                id.hasPrefix("cldr:")
                ? try LDMLLoader.shipped(String(id.dropFirst(5))) : try LDMLLoader.load(contentsOf: id)
        } catch {
            throw LayoutLoadError(
                diagnostics: error.diagnostics.map { diagnostic in
                    LayoutDiagnostic(
                        diagnostic.severity == .error ? .error : .warning, .ldmlKeyboard, file: diagnostic.file,
                        location: diagnostic.line > 0
                            ? SourcePosition(line: diagnostic.line, column: diagnostic.column, offset: 0) : nil,
                        path: diagnostic.path,
                        message: "\(diagnostic.message) [\(diagnostic.code)]; fix: \(diagnostic.fix)")
                })
        }
        let layoutID =
            id.hasPrefix("cldr:") ? id : ((id as NSString).lastPathComponent as NSString).deletingPathExtension
        do {
            return try keyboard.layout(id: layoutID)
        } catch {
            throw LayoutLoadError(diagnostics: [
                LayoutDiagnostic(.error, .ldmlKeyboard, file: id, location: nil, path: "", message: error.message)
            ])
        }
    }
}
