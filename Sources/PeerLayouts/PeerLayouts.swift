import Foundation
import LayoutEngine

/// Peer layouts: input-method engines the project does not own, as layouts.
///
/// - `kmx:PATH.kmx`: a compiled Keyman keyboard run by Keyman Core (`libkmnkbp`), pressed by
///   Windows virtual keys (the positions of a US keyboard) with Shift and AltGr.
/// - `m17n:NAME`: the m17n input method in m-17n-db's `NAME.mim` (`m17n:latn-post`,
///   `m17n:cs-kbd`) run by libm17n, fed the characters of a US keyboard.
///
/// Both are drawn on the ISO keyboard as the XKB layouts are, planned from a probe of the
/// peer (`PeerProbe` documents the search bound) and typed by the peer itself:
///
/// ```swift
/// let layout = try PeerLayouts.load("m17n:latn-post")
/// var session = TypingSession(layout: layout)   // keys go to libm17n
/// ```
public enum PeerLayouts {
    /// The id prefixes of peer layouts.
    public static let prefixes = ["kmx:", "m17n:"]

    /// Whether an id names a peer layout.
    public static func isPeerID(_ id: String) -> Bool { prefixes.contains { id.hasPrefix($0) } }

    /// The peer layouts that need no file: every installed m17n input method.
    public static func availableIDs() -> [String] { M17N.installedNames().map { "m17n:" + $0 } }

    /// Loads, probes and builds the peer layout with this id.
    /// - Throws: `PeerError`: a malformed id, a missing or unreadable `.kmx`, an unknown m17n
    ///   input method; each message names what was looked for.
    public static func load(_ id: String) throws(PeerError) -> Layout {
        if id.hasPrefix("kmx:") { return try loadKeyman(id, path: String(id.dropFirst(4))) }
        if id.hasPrefix("m17n:") { return try loadM17N(id, name: String(id.dropFirst(5))) }
        throw .invalidID(id)
    }

    private static func loadKeyman(_ id: String, path: String) throws(PeerError) -> Layout {
        guard !path.isEmpty else { throw .invalidID(id) }
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path: path) }
        let keyboard = try KeymanKeyboard(path: path)
        _ = try KeymanState(keyboard: keyboard)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let identity = PeerLayoutBuilder.Identity(
            id: id, name: name, locale: locale(keymanName: name),
            description: "The Keyman keyboard \(name).kmx run by Keyman Core (libkmnkbp), pressed by the Windows "
                + "virtual keys of an ISO keyboard with Shift and AltGr.")
        let builder = PeerLayoutBuilder(
            identity: identity, engineName: "Keyman Core (\(name).kmx)", levels: PeerLevel.hardware
        ) {
            guard let state = try? KeymanState(keyboard: keyboard) else { return AnyPeerTyping(NoTyping()) }
            return KeymanTyping(state: state)
        }
        return try builder.build()
    }

    private static func loadM17N(_ id: String, name: String) throws(PeerError) -> Layout {
        guard !name.isEmpty, !name.contains("/") else { throw .invalidID(id) }
        let method = try M17NInputMethod(fileName: name)
        _ = try M17NContext(method: method)
        let language = M17N.declaredName(file: name)?.language ?? "t"
        let identity = PeerLayoutBuilder.Identity(
            id: id, name: name, locale: language.count <= 3 && language != "t" ? language : "und",
            description: "The m17n input method \(name) run by libm17n on a US keyboard; its preedit is shown "
                + "as text before the caret.")
        let builder = PeerLayoutBuilder(
            identity: identity, engineName: "m17n (\(name))",
            levels: [
                PeerLevel(shift: false, altGr: false),
                PeerLevel(shift: true, altGr: false),
            ]
        ) {
            guard let context = try? M17NContext(method: method) else { return AnyPeerTyping(NoTyping()) }
            return M17NTyping(context: context)
        }
        return try builder.build()
    }

    /// The language of a Keyman keyboard named like the Windows layouts (`basic_kbdhu`).
    static func locale(keymanName name: String) -> String {
        let known = ["kbdhu": "hu", "kbdcz": "cs", "kbdda": "da"]
        return known.first { name.hasSuffix($0.key) }?.value ?? "und"
    }
}

/// A peer that types nothing (when a state cannot be made, e.g. out of memory).
final class NoTyping: PeerTyping {
    func press(_ press: PeerPress) -> Edit { .none }
    func setContext(_ text: String) {}
    func duplicate() -> Self { self }
}
