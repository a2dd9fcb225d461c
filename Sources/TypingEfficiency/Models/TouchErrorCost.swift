import LayoutEngine

/// Per key of a layout: how likely a touch aimed at it misses, and what fixing a miss
/// costs on average, in keystrokes and seconds under the layout's time model.
///
/// A miss is fixed right away, as a typist who sees it would:
/// - a touch above the keyboard typed nothing: the key is tapped again;
/// - a touch on another accent key put the wrong accent on the letter: the cheapest fix of
///   that wrong accent, found as `--errors` finds it (`ErrorCorrection.cheapestFix`, on the
///   first letter that takes both accents; on hu-touch the right accent key alone);
/// - any other key: backspace, then the key again.
///
/// A missed long-press is held again (its hold and the move in the popup added once more).
/// Noticing the error, and errors made while fixing, are left out.
public struct TouchErrorCost: Sendable {
    /// The chances of where touches land.
    public let targets: TouchTargets
    /// Per key: the expected keystrokes of fixing a tap aimed at it (miss chance × fix).
    public let fixKeystrokes: [Double]
    /// Per key: the expected seconds of fixing a tap aimed at it.
    public let fixSeconds: [Double]
    let timerTables: EventTimer.Tables

    /// Works out the chances and fixes of every key of `evaluator`'s layout.
    public init(_ evaluator: LayoutEvaluator, model: TouchErrorModel) {
        let layout = evaluator.layout
        let targets = TouchTargets(layout: layout, model: model)
        self.targets = targets
        timerTables = evaluator.timerTables
        let backspace = layout.keys.indices.first { layout.keys[$0].action == .backspace }
        var accentFixes: [Int: (keystrokes: Double, seconds: Double)] = [:]
        var fixKeystrokes = [Double](repeating: 0, count: layout.keys.count)
        var fixSeconds = fixKeystrokes
        for aimed in layout.keys.indices {
            for stray in targets.strays[aimed] {
                var fix: (keystrokes: Double, seconds: Double)
                if let wrong = stray.key {
                    if case .accent(let meantAccent) = layout.keys[aimed].action,
                        case .accent(let wrongAccent) = layout.keys[wrong].action,
                        let accentFix = Self.accentFix(
                            evaluator, wrong: wrongAccent, meant: meantAccent, cache: &accentFixes)
                    {
                        fix = accentFix
                    } else if let backspace {
                        fix = (2, Self.time([backspace, aimed], from: wrong, evaluator.timerTables))
                    } else {
                        fix = (1, Self.time([aimed], from: wrong, evaluator.timerTables))
                    }
                } else {
                    fix = (1, Self.time([aimed], from: aimed, evaluator.timerTables))
                }
                fixKeystrokes[aimed] += stray.probability * fix.keystrokes
                fixSeconds[aimed] += stray.probability * fix.seconds
            }
        }
        self.fixKeystrokes = fixKeystrokes
        self.fixSeconds = fixSeconds
    }

    /// The expected keystrokes and seconds of fixing `event` (a long-press is held again, a
    /// multi-tap or flick made again).
    @inline(__always)
    func fix(_ event: KeyEvent) -> (keystrokes: Double, seconds: Double) {
        let key = event.key.rawValue
        if event.isTap { return (fixKeystrokes[key], fixSeconds[key]) }
        if !event.isLongPress {
            let miss = targets.miss(key)
            return (
                fixKeystrokes[key] + miss * Double(event.keystrokes - 1),
                fixSeconds[key] + miss * timerTables.extra(of: event)
            )
        }
        let pick = event.alternate ?? timerTables.defaultAlternate[key]
        let miss = targets.miss(key)
        return (
            fixKeystrokes[key] + miss,
            fixSeconds[key] + miss * timerTables.popupMove[timerTables.popupStart[key] + pick]
        )
    }

    /// The seconds of tapping `keys` one after the other, the finger (or its thumb) on `start`.
    static func time(_ keys: [Int], from start: Int, _ tables: EventTimer.Tables) -> Double {
        var timer = EventTimer(tables: tables)
        timer.place(at: start)
        return keys.reduce(0) { $0 + timer.time(.tap(KeyID($1))) }
    }

    /// The cheapest fix of accent `wrong` where `meant` was wanted, on the first letter that
    /// takes both; `nil` when no letter does.
    static func accentFix(
        _ evaluator: LayoutEvaluator, wrong: Int, meant: Int, cache: inout [Int: (keystrokes: Double, seconds: Double)]
    ) -> (keystrokes: Double, seconds: Double)? {
        let cacheKey = wrong * 1024 + meant
        if let known = cache[cacheKey] { return known }
        let layout = evaluator.layout
        guard let wrongKey = accentKey(layout, wrong), let meantKey = accentKey(layout, meant) else { return nil }
        for letter in ["a", "e", "i", "o", "u", "y", "c", "n", "s", "z", "r", "d", "t", "l"] {
            guard let wrongText = accented(layout, letter, wrongKey),
                let meantText = accented(layout, letter, meantKey),
                let found = ErrorCorrection.cheapestFix(evaluator, wrong: wrongText, meant: meantText)
            else { continue }
            let result = (found.fix.keystrokes, found.fix.seconds)
            cache[cacheKey] = result
            return result
        }
        return nil
    }

    private static func accentKey(_ layout: Layout, _ accent: Int) -> Int? {
        layout.keys.indices.first {
            layout.keys[$0].layer == layout.baseLayer && layout.keys[$0].action == .accent(accent)
        }
    }

    /// `letter` with the accent of `key` on it, when the accent goes on it.
    private static func accented(_ layout: Layout, _ letter: String, _ key: Int) -> String? {
        var session = TypingSession(layout: layout)
        session.setContext(letter)
        var buffer = TextBuffer(letter)
        let edit = session.handle(.tap(KeyID(key)))
        guard case .accentAdded = edit.effect else { return nil }
        buffer.apply(edit)
        return buffer.text
    }
}
