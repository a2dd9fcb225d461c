import LayoutEngine

/// What it costs to fix one wrong accent right after typing it (`o` or `ö` where `ő` was
/// meant), on average over the corpus's accented letters.
public struct ErrorCorrectionCost: Hashable, Sendable {
    /// Keystrokes and seconds of one fix.
    public struct Fix: Hashable, Sendable {
        /// Keystrokes (a long-press counts two).
        public var keystrokes: Double
        /// Seconds under the layout's time model.
        public var seconds: Double
    }

    /// The cheapest fix the layout offers (an accent key that replaces the accent,
    /// backspace that takes only the accent off, or deleting and retyping).
    public var best: Fix
    /// Deleting the letter and typing it again (whole-grapheme backspace).
    public var retype: Fix
    /// How many (wrong, meant) pairs were averaged.
    public var pairs: Int
    /// The fix of the most frequent meant letter, in key labels (`o ö → ő: ˝`).
    public var example: String
}

/// Finds the cheapest fix of each wrong accent by trying the ways a person would: an
/// accent key on the wrong letter, backspace then an accent key, backspace then the
/// letter's own plan, backspace until the letter is gone then its plan; each is replayed
/// through a session and kept only if it gives the meant letter.
///
/// Each meant (accented) letter counts as often as the corpus has it; the wrong letters
/// that stand in for it (same base letter, another accent or none) share that weight in
/// proportion to how often each of them occurs, so rare foreign letters are rare slips.
enum ErrorCorrection {
    static func cost(_ evaluator: LayoutEvaluator, _ tally: LayoutTally) -> ErrorCorrectionCost? {
        let layout = evaluator.layout
        let planner = evaluator.planner
        var byBase: [Unicode.Scalar: [(grapheme: String, count: Double)]] = [:]
        for id in 0..<planner.graphemeCount where tally.graphemeCount[id] > 0 {
            let grapheme = planner.grapheme(id)
            let nfd = Array(grapheme.decomposedStringWithCanonicalMapping.unicodeScalars)
            guard let base = nfd.first, base.properties.isAlphabetic else { continue }
            byBase[base, default: []].append((grapheme, tally.graphemeCount[id]))
        }
        var total = 0.0
        var best = ErrorCorrectionCost.Fix(keystrokes: 0, seconds: 0)
        var retype = best
        var pairs = 0
        var example = ("", 0.0)
        for (_, family) in byBase.sorted(by: { $0.key.value < $1.key.value }) where family.count > 1 {
            for meant in family where meant.grapheme.unicodeScalars.count > 1 || isAccented(meant.grapheme) {
                let wrongs = family.filter { $0.grapheme != meant.grapheme }
                // A slip types another letter of the family about as often as that letter is
                // typed: weighting every variant the same would let a handful of è or ā in
                // foreign names count as much as e or a (issue: 2.17 keystrokes per fix on hu-touch).
                let wrongTotal = wrongs.reduce(0.0) { $0 + $1.count }
                for wrong in wrongs {
                    guard let fix = cheapestFix(evaluator, wrong: wrong.grapheme, meant: meant.grapheme),
                        let baseline = retypeFix(evaluator, wrong: wrong.grapheme, meant: meant.grapheme)
                    else { continue }
                    let weight = meant.count * wrong.count / wrongTotal
                    total += weight
                    best.keystrokes += fix.fix.keystrokes * weight
                    best.seconds += fix.fix.seconds * weight
                    retype.keystrokes += baseline.keystrokes * weight
                    retype.seconds += baseline.seconds * weight
                    pairs += 1
                    if weight > example.1 {
                        example = ("\(wrong.grapheme) → \(meant.grapheme): \(names(fix.events, layout))", weight)
                    }
                }
            }
        }
        guard total > 0 else { return nil }
        best.keystrokes /= total
        best.seconds /= total
        retype.keystrokes /= total
        retype.seconds /= total
        return ErrorCorrectionCost(best: best, retype: retype, pairs: pairs, example: example.0)
    }

    private static func isAccented(_ grapheme: String) -> Bool {
        grapheme.decomposedStringWithCanonicalMapping.unicodeScalars.count > 1
    }

    /// The cheapest sequence that turns `wrong` (just typed) into `meant`.
    static func cheapestFix(
        _ evaluator: LayoutEvaluator, wrong: String, meant: String
    ) -> (fix: ErrorCorrectionCost.Fix, events: [KeyEvent])? {
        let layout = evaluator.layout
        let backspace = key(layout) { $0 == .backspace }
        let accentKeys = layout.keys.indices.filter { index in
            if case .accent = layout.keys[index].action { return layout.keys[index].layer == layout.baseLayer }
            return false
        }.map { KeyID($0) }
        var candidates: [[KeyEvent]] = accentKeys.map { [.tap($0)] }
        if let backspace {
            candidates += accentKeys.map { [.tap(backspace), .tap($0)] }
            var session = TypingSession(layout: layout)
            session.setContext(wrong)
            _ = session.handle(.tap(backspace))
            let plan = evaluator.planner.plan(meant, from: session.state, after: session.text)
            if plan.untypeable.isEmpty { candidates.append([.tap(backspace)] + plan.events) }
            // Backspace until the wrong letter is gone (twice where the first takes only its
            // accent), then the meant letter's plan.
            var presses = 1
            while !session.text.isEmpty, presses < 8 {
                _ = session.handle(.tap(backspace))
                presses += 1
            }
            if presses > 1, session.text.isEmpty {
                let retyped = evaluator.planner.plan(meant, from: session.state, after: "")
                if retyped.untypeable.isEmpty {
                    candidates.append(Array(repeating: .tap(backspace), count: presses) + retyped.events)
                }
            }
        }
        var bestFix: (fix: ErrorCorrectionCost.Fix, events: [KeyEvent])?
        for events in candidates {
            guard let fix = replay(evaluator, events, wrong: wrong, meant: meant, policy: nil) else { continue }
            let cost = evaluator.model == .keystrokes ? fix.keystrokes : fix.seconds
            let bestCost = bestFix.map { evaluator.model == .keystrokes ? $0.fix.keystrokes : $0.fix.seconds }
            if bestCost == nil || cost < bestCost! - 1e-9 { bestFix = (fix, events) }
        }
        return bestFix
    }

    /// Deleting the whole letter and typing the meant one.
    static func retypeFix(_ evaluator: LayoutEvaluator, wrong: String, meant: String) -> ErrorCorrectionCost.Fix? {
        let layout = evaluator.layout
        guard let backspace = key(layout, { $0 == .backspace }) else { return nil }
        let plan = evaluator.planner.plan(meant)
        guard plan.untypeable.isEmpty else { return nil }
        return replay(evaluator, [.tap(backspace)] + plan.events, wrong: wrong, meant: meant, policy: .grapheme)
    }

    /// Replays `events` after `wrong`; the fix's cost if the text becomes `meant`.
    private static func replay(
        _ evaluator: LayoutEvaluator, _ events: [KeyEvent], wrong: String, meant: String, policy: BackspacePolicy?
    ) -> ErrorCorrectionCost.Fix? {
        let layout = evaluator.layout
        var session = TypingSession(layout: layout, backspacePolicy: policy)
        session.setContext(wrong)
        var buffer = TextBuffer(wrong)
        var timer = EventTimer(tables: evaluator.timerTables)
        let typed = evaluator.planner.plan(wrong)
        if let last = typed.events.last { timer.place(at: last.key.rawValue) }
        var fix = ErrorCorrectionCost.Fix(keystrokes: 0, seconds: 0)
        for event in events {
            buffer.apply(session.handle(event))
            fix.keystrokes += Double(event.keystrokes)
            fix.seconds += timer.time(event)
        }
        return buffer.text == meant ? fix : nil
    }

    private static func key(_ layout: Layout, _ matches: (KeyAction) -> Bool) -> KeyID? {
        layout.keys.indices.first { layout.keys[$0].layer == layout.baseLayer && matches(layout.keys[$0].action) }
            .map { KeyID($0) }
    }

    /// Events as key labels (`⌫ o:ő`).
    static func names(_ events: [KeyEvent], _ layout: Layout) -> String {
        events.map { event in
            let key = layout.keys[event.key.rawValue]
            guard event.isLongPress else { return key.label }
            return key.label + ":" + key.longPress[event.alternate ?? key.longPressDefault]
        }.joined(separator: " ")
    }
}

extension Comparison {
    /// The report with each layout's cost of fixing a wrong accent, weighted by how often
    /// the corpus has each accented letter.
    public func addingErrorCorrection(to report: ComparisonReport) -> ComparisonReport {
        var report = report
        for index in report.results.indices where index < evaluators.count {
            report.results[index].errorCorrection = ErrorCorrection.cost(evaluators[index], report.results[index].tally)
        }
        return report
    }
}
