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
        guard let expected = UntypeableGrapheme.text(text, without: plan.untypeable) else {
            return ["untypeable offsets out of order or wrong"]
        }
        var problems: [String] = []
        let wanted = expected.precomposedStringWithCanonicalMapping
        // Scalars, not Strings (whose == is canonical equivalence): the host holds NFC.
        if !host.scalars.elementsEqual(wanted.unicodeScalars) {
            problems.append("\(planner.layout.id): replay \(host.text.debugDescription) ≠ \(wanted.debugDescription)")
        }
        return problems
    }
}
