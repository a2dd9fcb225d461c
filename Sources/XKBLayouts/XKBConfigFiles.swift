import Foundation
import LayoutEngine

/// Where xkeyboard-config lives, and why a keymap of names did not compile.
enum XKBConfigFiles {
    /// The folder libxkbcommon searches when nothing else is installed: `XKB_CONFIG_ROOT`, else Debian's.
    static var defaultRoot: String {
        ProcessInfo.processInfo.environment["XKB_CONFIG_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/X11/xkb"
    }

    /// Turns a failed `xkb_keymap_new_from_names` into the error that says what is missing.
    static func explainFailure(_ names: XKBLayoutName, rules: String, model: String, folders: [String]) -> XKBError {
        let fileManager = FileManager.default
        let configured = folders.filter { fileManager.fileExists(atPath: $0 + "/rules/" + rules) }
        guard !configured.isEmpty else { return .missingKeyboardConfig(lookedIn: folders) }
        guard let file = configured.map({ $0 + "/symbols/" + names.layout }).first(where: fileManager.fileExists)
        else {
            let known = configured.flatMap { (try? fileManager.contentsOfDirectory(atPath: $0 + "/symbols")) ?? [] }
            return .unknownLayout(
                rules: rules, model: model, layout: names.layout, variant: names.variant, lookedIn: configured,
                suggestion: nearest(to: names.layout, in: known))
        }
        let variants = variantNames(inSymbolsFile: file)
        if let variant = names.variant, !variants.contains(variant) {
            return .unknownVariant(
                rules: rules, model: model, layout: names.layout, variant: variant, file: file, variants: variants)
        }
        return .invalidKeymap(
            source: "rules \(rules), model \(model), layout \(names.layout), variant \(names.variant ?? "none")")
    }

    /// The `xkb_symbols "NAME"` sections of a symbols file: the layout's variants.
    static func variantNames(inSymbolsFile path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var names: [String] = []
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: "xkb_symbols \""), !line.hasPrefix("//") else { continue }
            let rest = line[range.upperBound...]
            if let end = rest.firstIndex(of: "\"") { names.append(String(rest[..<end])) }
        }
        return names
    }

    /// The nearest candidate by edit distance, when near enough to suggest.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        return candidates.map { ($0, NameSuggestion.editDistance(word, $0)) }.filter { $0.1 <= limit }.min {
            $0.1 < $1.1
        }?.0
    }

}

/// Where Compose tables live, as libX11 and libxkbcommon look them up.
enum ComposeFiles {
    /// `XLOCALEDIR`, else the system's X locale folder.
    static var localeRoot: String {
        ProcessInfo.processInfo.environment["XLOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/X11/locale"
    }

    /// The files looked for for a locale: `XCOMPOSEFILE` when set, then the system table
    /// that `compose.dir` names for the locale (or `LOCALE/Compose` when it names none).
    static func paths(for locale: String) -> [String] {
        var paths: [String] = []
        if let file = ProcessInfo.processInfo.environment["XCOMPOSEFILE"], !file.isEmpty { paths.append(file) }
        paths.append(systemPath(for: locale))
        return paths
    }

    /// The system Compose file of a locale, from `compose.dir`.
    static func systemPath(for locale: String) -> String {
        let root = localeRoot
        if let text = try? String(contentsOfFile: root + "/compose.dir", encoding: .utf8) {
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 2 else { continue }
                let name = fields[1].hasSuffix(":") ? fields[1].dropLast() : fields[1]
                if name == locale {
                    let file = fields[0].hasSuffix(":") ? fields[0].dropLast() : fields[0]
                    return root + "/" + file
                }
            }
        }
        return root + "/" + locale + "/Compose"
    }

    /// Which file a table for `locale` came from, for descriptions.
    static func describe(locale: String, requested: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let fileManager = FileManager.default
        if let file = environment["XCOMPOSEFILE"], !file.isEmpty, fileManager.fileExists(atPath: file) {
            return file + " (XCOMPOSEFILE)"
        }
        if let home = environment["HOME"], fileManager.fileExists(atPath: home + "/.XCompose") {
            return home + "/.XCompose"
        }
        let path = systemPath(for: locale)
        return locale == requested ? "\(path) (for \(requested))" : "\(path) (\(requested) has none; \(locale)'s)"
    }
}
