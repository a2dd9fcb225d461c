/// The engine behind the web page: one layout open at a time, its `TypingSession`, and
/// answers as JSON text for `web/src/engine.js`. The page holds no language logic: names,
/// labels, roles and edits all come from here.
///
/// Every answer is one JSON value; the shapes are documented in `web/src/engine.js`.
struct WebEngine {
    /// The session on the open layout, `nil` before the first layout is opened.
    private(set) var session: TypingSession?
    /// Every key's name on the open layout (`KeyNames`, as `kbdsim --trace` prints them).
    private(set) var names: KeyNameTable?
    /// The user's backspace choice, kept across layouts; `nil`: each layout's own.
    private var backspaceChoice: BackspacePolicy?

    /// `{ok:false, message, suggestions}` for a layout id that is none of `known` (the ids of
    /// the layout files the page is served with: the `.wasm` holds no layouts of its own), the
    /// known ids nearest first, with the message the CLI gives.
    func unknownLayout(_ id: String, known: [String]) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("ok", false)
        json.field("message", LayoutCatalog.unknownLayout(id, known: known).message)
        json.field("suggestions", Self.nearestFirst(id, known))
        json.endObject()
        return json.text
    }

    /// Opens a layout file's bytes named `fileName` (its id must be the name without
    /// `.json`, as for `kbdsim --layout FILE`): `{ok:true, diagnostics}` (warnings), or
    /// `{ok:false, diagnostics, text}` with `text` as the CLI prints them; a broken file
    /// leaves the open layout as it was.
    mutating func openJSON(_ bytes: [UInt8], fileName: String) -> String {
        let expectedID = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : nil
        let result = LayoutLoader.read(bytes: bytes, file: fileName, expectedID: expectedID)
        var json = JSONWriter()
        json.beginObject()
        json.field("ok", result.layout != nil)
        json.key("diagnostics")
        json.beginArray()
        for diagnostic in result.diagnostics { Self.write(diagnostic, to: &json) }
        json.endArray()
        if let layout = result.layout {
            open(layout)
        } else {
            json.field("text", LayoutLoadError(diagnostics: result.diagnostics).description)
        }
        json.endObject()
        return json.text
    }

    /// Makes `layout` the open one, with a new session at the start of an empty text.
    private mutating func open(_ layout: Layout) {
        session = TypingSession(layout: layout, backspacePolicy: backspaceChoice)
        names = KeyNameTable(layout: layout)
    }

    /// Sets what backspace deletes (`accent` or `grapheme`), for this and later layouts.
    /// Returns false for any other name.
    mutating func setBackspace(_ name: String) -> Bool {
        guard let policy = BackspacePolicy(rawValue: name) else { return false }
        backspaceChoice = policy
        session?.backspacePolicy = policy
        return true
    }

    /// Replaces the text before the caret with the host's own (NFC, NFD or mixed).
    mutating func setContext(_ text: String) {
        session?.setContext(text)
    }

    /// Applies one event: the `Edit` as JSON (`{deleteCount, insert, effect}`).
    mutating func handle(_ event: KeyEvent) -> String {
        guard session != nil else { return Self.json(.none) }
        return Self.json(session!.handle(event))
    }

    /// Applies one event without writing its answer (the benchmark's loop): what the edit
    /// deletes plus the length of what it inserts.
    mutating func handleQuietly(_ event: KeyEvent) -> Int {
        guard session != nil else { return 0 }
        let edit = session!.handle(event)
        return edit.deleteCount + edit.insert.utf8.count
    }

    /// The events of one trace name (`KeyNames.events`), each applied:
    /// `{ok:true, edits:[Edit]}` or `{ok:false, message}` with the engine's unknown-key message.
    mutating func press(_ name: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        guard let current = session else {
            json.field("ok", false)
            json.field("message", "no layout is open")
            json.endObject()
            return json.text
        }
        do {
            let events = try KeyNames.events(for: name, in: current, table: names)
            json.field("ok", true)
            json.key("edits")
            json.beginArray()
            for event in events { Self.write(session!.handle(event), to: &json) }
            json.endArray()
        } catch {
            json.field("ok", false)
            json.field("message", error.description)
        }
        json.endObject()
        return json.text
    }

    /// The known ids ordered by edit distance to `id`, nearest first (ties keep their order).
    static func nearestFirst(_ id: String, _ known: [String]) -> [String] {
        let lowered = ScalarCase.lowercased(id)
        return known.enumerated()
            .map { (offset: $0.offset, id: $0.element, distance: NameSuggestion.editDistance(lowered, $0.element)) }
            .sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
            .map { $0.id }
    }

    /// One edit as JSON.
    static func json(_ edit: Edit) -> String {
        var json = JSONWriter()
        write(edit, to: &json)
        return json.text
    }

    /// `{deleteCount, insert, effect}`.
    static func write(_ edit: Edit, to json: inout JSONWriter) {
        json.beginObject()
        json.field("deleteCount", edit.deleteCount)
        json.field("insert", edit.insert)
        json.field("effect", effectName(edit.effect))
        json.endObject()
    }

    /// The effect's case name (`accentAdded`), without the accent's index.
    static func effectName(_ effect: EditEffect) -> String {
        switch effect {
        case .none: "none"
        case .typed: "typed"
        case .accentAdded: "accentAdded"
        case .accentReplaced: "accentReplaced"
        case .accentSymbol: "accentSymbol"
        case .accentRemoved: "accentRemoved"
        case .graphemeDeleted: "graphemeDeleted"
        }
    }

    /// `{severity, code, line, column, path, message, fix}`: line and column are `null` when
    /// the file could not be read that far; `fix` is the part of the message after its first
    /// `; ` (what to do), empty when the message has none.
    static func write(_ diagnostic: LayoutDiagnostic, to json: inout JSONWriter) {
        json.beginObject()
        json.field("severity", diagnostic.severity.rawValue)
        json.field("code", diagnostic.code.rawValue)
        json.key("line")
        if let location = diagnostic.location { json.number(location.line) } else { json.null() }
        json.key("column")
        if let location = diagnostic.location { json.number(location.column) } else { json.null() }
        json.field("path", diagnostic.path)
        json.field("message", diagnostic.message)
        json.field("fix", fixPart(of: diagnostic.message))
        json.endObject()
    }

    /// The part of `message` after its first `; `, or nothing.
    static func fixPart(of message: String) -> String {
        let bytes = Array(message.utf8)
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ";"), bytes[index + 1] == UInt8(ascii: " ") {
                return String(decoding: bytes[(index + 2)...], as: UTF8.self)
            }
            index += 1
        }
        return ""
    }
}
