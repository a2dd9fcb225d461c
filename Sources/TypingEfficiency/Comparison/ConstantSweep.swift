import LayoutEngine

/// A model constant stepped over a range (`--sweep NAME=FROM:TO:STEP`): every value is
/// measured on every layout, in one pass over the corpus, to see how the figures and the
/// ranking of the layouts change.
///
/// ```swift
/// let sweep = try ConstantSweep(parsing: "hold.ios=0.3:0.7:0.1")   // 0.3, 0.4, … 0.7
/// let report = try sweep.run(layouts: layouts, model: .oneFinger, input: input)
/// ```
public struct ConstantSweep: Hashable, Sendable {
    /// The most values one sweep may have.
    public static let maximumValues = 101

    /// The constant's name, as `ModelConstants.named` has it.
    public let name: String
    public let from: Double
    public let to: Double
    public let step: Double

    /// Why a sweep's text cannot be read, as a message for the command line.
    public struct ParseError: Error, Sendable {
        public let message: String
    }

    /// Reads `NAME=FROM:TO:STEP` (seconds, FROM ≤ TO, STEP above 0, each from 0 to 60).
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let names = ModelConstants().named.map(\.name)
        guard parts.count == 2 else {
            throw ParseError(message: "--sweep wants NAME=FROM:TO:STEP (e.g. hold.ios=0.3:0.7:0.1), not \"\(text)\"")
        }
        guard names.contains(parts[0]) else {
            let near = NameSuggestion.nearest(to: parts[0], in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw ParseError(
                message: "unknown constant \"\(parts[0])\" in --sweep\(near) (\(names.joined(separator: ", ")))")
        }
        let numbers = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 3, let from = numbers[0], let to = numbers[1], let step = numbers[2],
            [from, to, step].allSatisfy({ $0.isFinite && (0...60).contains($0) })
        else {
            throw ParseError(
                message: "--sweep wants FROM:TO:STEP after \"\(parts[0])=\", three numbers of seconds from 0 to 60, "
                    + "not \"\(parts[1])\"")
        }
        guard from <= to, step > 0 else {
            throw ParseError(message: "--sweep \(text): FROM must not exceed TO, and STEP must be above 0")
        }
        try self.init(name: parts[0], from: from, to: to, step: step)
    }

    /// A sweep of the constant `name` from `from` to `to` (included when a step lands on it).
    public init(name: String, from: Double, to: Double, step: Double) throws(ParseError) {
        (self.name, self.from, self.to, self.step) = (name, from, to, step)
        // A tiny step gives a count beyond any Int (or infinity): compared as a Double, and
        // named as a number only when it is one.
        let count = ((to - from) / step * (1 + 1e-12)).rounded(.down) + 1
        guard count.isFinite, count <= Double(Self.maximumValues) else {
            let counted = Int(exactly: count).map { "\($0) values" } ?? "more values than can be counted"
            throw ParseError(
                message: "--sweep \(name)=\(ReportNumber.plain(from)):\(ReportNumber.plain(to)):"
                    + "\(ReportNumber.plain(step)) has \(counted); at most \(Self.maximumValues): "
                    + "take a larger STEP")
        }
    }

    /// The values, from `from` by `step` up to `to`.
    public var values: [Double] {
        let count = Int(((to - from) / step * (1 + 1e-12)).rounded(.down)) + 1
        return (0..<count).map { min(to, from + Double($0) * step) }
    }

    /// The constants for each value: `base` with this constant set to it.
    public func constants(from base: ModelConstants) -> [ModelConstants] {
        values.map { value in
            var constants = base
            _ = constants.set(name, to: value)
            return constants
        }
    }

    /// Measures `input` on every layout at every value, reading it once.
    /// - Throws: `CorpusError` when a source cannot be opened or read.
    public func run(
        layouts: [Layout], model: ComparisonModel, constants base: ModelConstants = ModelConstants(),
        input: ComparisonInput, workers: Int = 1, progress: ((Int, Int?) -> Void)? = nil
    ) throws(CorpusError) -> SweepReport {
        let settings = constants(from: base)
        let all = settings.flatMap { constants in layouts.map { (layout: $0, constants: constants) } }
        let comparison = Comparison(settings: all, model: model)
        let report = try comparison.run(input, workers: workers, progress: progress)
        return SweepReport(sweep: self, layouts: layouts.count, report: report)
    }
}
