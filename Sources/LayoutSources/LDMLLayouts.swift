import Foundation
import LDMLKeyboards
import LayoutEngine

/// CLDR keyboard3 keyboards as layouts: `cldr:ID` (shipped) and `FILE.xml`.
enum LDMLLayouts {
    /// The layout of the keyboard `id` names, typed by the keyboard itself (`LDMLPeerEngine`);
    /// a file that does not load throws the keyboard's own diagnostics (`ldml.…`), a keyboard
    /// that loads but cannot become a layout `KBD-E302`. A form in parentheses after the id picks the keyboard's
    /// touch or hardware layers (`cldr:fr-t-k0-test(hardware)`, `fr.xml(iso)`); without one, the
    /// touch form when there is one.
    static func layout(_ id: String) throws(LayoutLoadError) -> Layout {
        let (source, form) = splitForm(id)
        let keyboard: LDMLKeyboard
        do {
            keyboard =
                source.hasPrefix("cldr:")
                ? try LDMLLoader.shipped(String(source.dropFirst(5))) : try LDMLLoader.load(contentsOf: source)
        } catch {
            // One diagnostic type: the keyboard's own, with its ldml.… code, place and fix.
            throw LayoutLoadError(diagnostics: error.diagnostics)
        }
        let baseID =
            source.hasPrefix("cldr:")
            ? source : ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        let hardware: Bool
        switch form {
        case nil: hardware = false
        case "touch"? where keyboard.touch() != nil: hardware = false
        case let name? where keyboard.hardware != nil && (name == "hardware" || name == keyboard.hardware?.formID):
            hardware = true
        case let name?:
            let forms = (keyboard.touch() == nil ? [] : ["touch"]) + [keyboard.hardware?.formID].compactMap { $0 }
            throw LayoutLoadError(diagnostics: [
                LayoutDiagnostic(
                    .error, .ldmlKeyboard, file: source, location: nil, path: "",
                    message: "the keyboard has no \"\(name)\" form; give one it has: "
                        + forms.map { "\(source)(\($0))" }.joined(separator: ", "))
            ])
        }
        do {
            return try keyboard.typingLayout(id: form == nil ? baseID : "\(baseID)(\(form!))", hardware: hardware)
        } catch {
            throw LayoutLoadError(diagnostics: [
                LayoutDiagnostic(.error, .ldmlKeyboard, file: id, location: nil, path: "", message: error.message)
            ])
        }
    }

    /// `ID(FORM)` split into the id and the form; the form is `nil` without parentheses.
    static func splitForm(_ id: String) -> (source: String, form: String?) {
        guard id.hasSuffix(")"), let open = id.lastIndex(of: "("), open > id.startIndex else { return (id, nil) }
        let form = String(id[id.index(after: open)..<id.index(before: id.endIndex)])
        guard !form.isEmpty, form.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return (id, nil) }
        return (String(id[..<open]), form)
    }
}
