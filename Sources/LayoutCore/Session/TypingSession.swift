/// Typing on a layout: turns key events into text edits.
///
/// The session holds the layout, the shift and layer state, and the *context*: the text
/// before the caret, in NFD. `handle(_:)` applies one key event and returns the `Edit`
/// a host applies to its own NFC text.
///
/// ```swift
/// var session = TypingSession(layout: huTouch)
/// var buffer = TextBuffer()
/// buffer.apply(session.handle(.tap(a)))      // "a"
/// buffer.apply(session.handle(.tap(acute)))  // "á": delete 1, insert "á"
/// buffer.apply(session.handle(.tap(delete)))  // "a": the accent only
/// ```
///
/// Processing a key never throws and never traps, whatever the event: an event naming a
/// key or alternate the layout does not have changes nothing.
public struct TypingSession: Sendable {
    /// The layout typed on.
    public let layout: Layout
    /// The chosen layer and shift state.
    public internal(set) var state: SessionState
    /// What backspace deletes; starts as the layout's policy, a user may choose otherwise.
    public var backspacePolicy: BackspacePolicy
    /// The text before the caret, NFD.
    public package(set) var context: [Unicode.Scalar]
    /// When set, the context keeps only about this many scalars (an input method that
    /// hands the session its own surrounding text does not need more). `nil`: all of it.
    public var contextLimit: Int?
    /// The dead key pressed and waiting for the next key (an index into `Layout.deadKeys`),
    /// or `nil`. Shift, latch and layer keys leave it waiting; backspace cancels it.
    public var pendingDeadKey: Int? { pendingDeadKeyIndex >= 0 ? Int(pendingDeadKeyIndex) : nil }

    let tables: LayoutTables
    /// The host's own scalars for the context `setContext` gave (NFC, NFD or mixed), so that
    /// edits delete what the host holds.
    package var hostText = HostText()
    /// The pending dead key, -1 for none (kept as a plain integer for the hot path).
    var pendingDeadKeyIndex: Int32 = -1
    /// On a peer layout, the peer engine that types (`PeerEngine`); `nil` otherwise.
    var peerBox: PeerBox?
    /// Whether typing a key's text needs more than appending it: the layout has text
    /// compositions, or keys whose text joins the grapheme before (kept here so that the hot
    /// path reads no table).
    let typesSlowly: Bool

    /// A session at the start of an empty text, base layer, shift off.
    public init(layout: Layout, backspacePolicy: BackspacePolicy? = nil) {
        self.layout = layout
        self.state = .initial(layout)
        self.backspacePolicy = backspacePolicy ?? layout.policies.backspace
        self.context = []
        self.tables = layout.tables
        self.peerBox = layout.peer.map { PeerBox($0.makeEngine()) }
        self.typesSlowly = layout.tables.hasTextCompositions || layout.tables.hasJoiningOutputs
    }

    /// The layer whose keys are shown now.
    public var visibleLayer: Int { state.visibleLayer(in: layout) }

    /// The text before the caret in NFC, as a host holds it.
    /// - Complexity: O(n) in the context's length; normalizes one grapheme at a time.
    public var text: String { CanonicalComposition.composedText(context) }

    /// Replaces the text before the caret with what the host's field already holds, in the
    /// host's own form (NFC, NFD or mixed). Backspace and accents then work on it as on typed
    /// text (`setContext("á")`, then backspace, gives `a`), and their edits delete exactly the
    /// scalars the host holds: after `setContext("a\u{301}")`, backspace deletes 2 and inserts
    /// `a`; after `setContext("á")` it deletes 1 and inserts `a`.
    public mutating func setContext(_ text: String) {
        context.removeAll(keepingCapacity: true)
        for character in text {
            context.append(contentsOf: CanonicalComposition.decomposed(character))
        }
        hostText = HostText(text, contextCount: context.count)
        if _slowPath(peerBox != nil) { ownPeer().setContext(text) }
    }

    /// Sets the chosen layer and shift state, e.g. to plan from a given state.
    public mutating func setState(_ newState: SessionState) {
        guard newState.layer >= 0, newState.layer < layout.layers.count,
            (newState.latch ?? 0) >= 0, (newState.latch ?? 0) < layout.layers.count
        else { return }
        state = newState
    }

    /// Applies one key event and says what it did to the text. A multi-tap types what the
    /// key's `multiTap` list gives for the count (the key's own tap when it comes round, or
    /// when the key has no list); a flick types the key's flick along those directions, and
    /// nothing when the key has none.
    /// - Complexity: O(1) for letters, accents and backspace on Latin text.
    public mutating func handle(_ event: KeyEvent) -> Edit {
        let key = event.key.rawValue
        guard key >= 0, key < tables.kinds.count else { return .none }
        if _slowPath(peerBox != nil), let edit = handleByPeer(event) { return edit }
        if _slowPath(!event.isTap) {
            if event.isMultiTap { return multiTap(key, count: event.tapCount) }
            if event.isFlick { return flick(key, event.flickDirections) }
            let count = Int(tables.alternateCount[key])
            let pick = event.alternate ?? Int(tables.alternateDefault[key])
            guard pick < count else { return .none }
            let output = tables.alternateOutputs[Int(tables.alternateStart[key]) + pick]
            return type(tables.outputs[Int(output)])
        }
        switch tables.kinds[key] {
        case .text: return type(tables.outputs[Int(tables.arguments[key])])
        case .space: return type(tables.spaceOutput)
        case .returnKey: return type(tables.returnOutput)
        case .accent:
            let edit = applyAccent(Int(tables.arguments[key]))
            // On hardware the modifier is let go before the next key, as after a dead key.
            if layout.platform == .hardware { state.releaseAfterTyping() }
            return edit
        case .backspace:
            if pendingDeadKeyIndex >= 0 { return cancelDeadKey() }
            return backspace()
        case .deadKey: return pressDeadKey(Int(tables.arguments[key]))
        case .latch, .capsLock, .shift, .layer:
            state = state.afterTap(of: layout.keys[key].action, onHardware: layout.platform == .hardware)
            return .none
        }
    }

    /// A multi-tap: the key's own tap, or the multi-tap text the count comes to.
    @inline(never)
    private mutating func multiTap(_ key: Int, count: Int) -> Edit {
        let outputs = tables.multiTapOutputs[key]
        guard count >= 2, !outputs.isEmpty else { return handle(.tap(KeyID(key))) }
        let index = (count - 1) % (outputs.count + 1)
        return index == 0 ? handle(.tap(KeyID(key))) : type(tables.outputs[Int(outputs[index - 1])])
    }

    /// A flick: what the key's flick along `directions` types, else nothing.
    @inline(never)
    private mutating func flick(_ key: Int, _ directions: [FlickDirection]) -> Edit {
        guard let flick = tables.flickOutputs[key].first(where: { $0.directions == directions }) else { return .none }
        return type(tables.outputs[Int(flick.output)])
    }

    /// Types one key's text, composed with a pending dead key (out of line: the hot path
    /// only tests for one).
    @inline(__always)
    private mutating func type(_ output: LayoutTables.Output) -> Edit {
        if _slowPath(pendingDeadKeyIndex >= 0 || typesSlowly) { return typeSlowly(output) }
        context.append(contentsOf: output.nfd)
        state.releaseAfterTyping()
        trimContext()
        return Edit(deleteCount: 0, insert: output.nfc, effect: .typed)
    }

    /// Types one key's text after a dead key, or on a layout whose texts may compose with
    /// or join the grapheme before.
    @inline(never)
    private mutating func typeSlowly(_ output: LayoutTables.Output) -> Edit {
        if pendingDeadKeyIndex >= 0 { return typeAfterDeadKey(output) }
        let count = context.count
        let length = tables.hasTextCompositions ? GraphemeBoundary.lastGraphemeLength(context) : 0
        var start = count
        var typed = output.nfd
        if length > 0,
            let result = tables.textCompositions[CanonicalComposition.composed(Array(context[(count - length)...]))]?[
                output.nfc]
        {
            // Layout.textCompositions: the grapheme before and the text become the result.
            start = count - length
            typed = result.nfd
        }
        let edit = replaceTail(from: start, with: typed)
        state.releaseAfterTyping()
        trimContext()
        return edit
    }

    /// Replaces the context from `start` with `scalars` and says so to the host. Scalars that
    /// join the grapheme before `start` (a combining mark after `á`, pcm's `'` `'` making a
    /// dot below) make that grapheme replaced too, its marks in canonical order (the dot
    /// below before the acute): the context stays NFD and the host holds NFC, so a later
    /// backspace deletes what the host holds.
    /// Only the grapheme before `start` and `scalars` are looked at: no rule of UAX #29 joins
    /// across more than the grapheme being extended.
    private mutating func replaceTail(from start: Int, with scalars: [Unicode.Scalar]) -> Edit {
        let windowStart = start - GraphemeBoundary.lastGraphemeLength(context[..<start])
        let window = Array(context[windowStart..<start]) + scalars
        var from =
            scalars.isEmpty
            ? start : min(windowStart + window.count - GraphemeBoundary.lastGraphemeLength(window), start)
        var inserted = scalars
        if from < start {
            let joined = Array(window[(from - windowStart)...])
            let ordered = CanonicalComposition.canonicallyOrdered(joined)
            // Marks that neither move nor compose with it (a Devanagari vowel sign after its
            // consonant) are only inserted.
            if ordered == joined,
                CanonicalComposition.composed(ordered).unicodeScalars.elementsEqual(
                    CanonicalComposition.composed(context[from..<start]).unicodeScalars
                        + CanonicalComposition.composed(scalars).unicodeScalars)
            {
                from = start
            } else {
                inserted = ordered
            }
        }
        let deleted = hostText.removeTail(of: context, from: from)
        context.replaceSubrange(from..., with: inserted)
        return Edit(deleteCount: deleted, insert: CanonicalComposition.composed(inserted), effect: .typed)
    }

    /// Types one key's text after a dead key.
    @inline(never)
    private mutating func typeAfterDeadKey(_ output: LayoutTables.Output) -> Edit {
        let edit = composeDeadKey(with: output)
        state.releaseAfterTyping()
        trimContext()
        return edit
    }

    /// Drops the oldest part of the context once it is twice the limit.
    private mutating func trimContext() {
        guard let limit = contextLimit, context.count > 2 * max(limit, 16) else { return }
        var cut = context.count - max(limit, 16)
        while cut < context.count, CanonicalComposition.isCombiningDiacritic(context[cut]) { cut += 1 }
        context.removeFirst(cut)
        hostText.removeHead(contextScalars: cut)
    }
}
