import Foundation
import LayoutEngine

extension FuzzChecks {
    static let planners: [KeystrokePlanner] = layouts.map { KeystrokePlanner(layout: $0) }

    /// Arbitrary bytes as text to plan (invalid UTF-8 decoded with U+FFFD, as a reader would;
    /// long lines, CR LF, no newline at the end): plan, replay through a fresh session, and
    /// get back exactly the text without what the plan reported as untypeable.
    public static func planner(_ input: [UInt8]) -> [String] {
        guard let first = input.first, !planners.isEmpty else { return [] }
        let planner = planners[Int(first) % planners.count]
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        let plan = planner.plan(text)
        var session = TypingSession(layout: planner.layout)
        var host = TextBuffer()
        for event in plan.events { host.apply(session.handle(event)) }
        var expected = String.UnicodeScalarView()
        var offset = 0
        var skipUntil = -1
        var next = 0
        for scalar in text.unicodeScalars {
            if next < plan.untypeable.count, plan.untypeable[next].scalarOffset == offset {
                skipUntil = offset + plan.untypeable[next].grapheme.unicodeScalars.count
                next += 1
            }
            if offset >= skipUntil { expected.append(scalar) }
            offset += 1
        }
        var problems: [String] = []
        if next != plan.untypeable.count { problems.append("untypeable offsets out of order or wrong") }
        let wanted = String(expected).precomposedStringWithCanonicalMapping
        if host.text != wanted {
            problems.append("\(planner.layout.id): replay \(host.text.debugDescription) ≠ \(wanted.debugDescription)")
        }
        return problems
    }
}
