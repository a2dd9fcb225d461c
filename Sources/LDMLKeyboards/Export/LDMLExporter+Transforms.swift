import Foundation
import LayoutEngine

extension LDMLExporter {
    /// The accent rules as a transform group (in NFD, as LDML matches): explicit pairs,
    /// the same accent twice gives its symbol, a second accent replaces the first (the
    /// replace policy) or gives the symbol, and the symbol where nothing takes the accent.
    static func accentTransforms(_ layout: Layout) -> [String] {
        guard !layout.accents.isEmpty else { return [] }
        var rules: [String] = []
        // The marks a second accent can replace: the accents' own and those the explicit
        // pairs leave (cs-touch's u + caron gives ů, u with a ring).
        var removable = Set(layout.accents.map { $0.mark.value })
        for accent in layout.accents {
            for pair in accent.overrides {
                let base = Normalization.nfd(pair.base.unicodeScalars.map(\.value))
                let result = Normalization.nfd(pair.result.unicodeScalars.map(\.value))
                if result.starts(with: base) { removable.formUnion(result.dropFirst(base.count)) }
            }
        }
        for accent in layout.accents {
            let mark = hex([accent.mark.value])
            let symbol = hex(accent.symbol.unicodeScalars.map(\.value))
            let others = removable.subtracting([accent.mark.value]).sorted()
            let otherClass = characterClass(others.map { $0...$0 })
            for pair in accent.overrides {
                let base = hex(Normalization.nfd(pair.base.unicodeScalars.map(\.value)))
                let result = hex(Normalization.nfd(pair.result.unicodeScalars.map(\.value)))
                rules.append("<transform from=\"\(result)\(mark)\" to=\"\(result)\(symbol)\" />")
                rules.append("<transform from=\"\(base)\(mark)\" to=\"\(result)\" />")
                if !others.isEmpty, layout.policies.secondAccent == .replace {
                    rules.append("<transform from=\"\(base)\(otherClass)\(mark)\" to=\"\(result)\" />")
                }
            }
            let takers = takers(of: accent)
            let takerClass = characterClass(takers)
            rules.append("<transform from=\"\(mark)\(mark)\" to=\"\(mark)\(symbol)\" />")
            if !others.isEmpty {
                if layout.policies.secondAccent == .replace, !takers.isEmpty {
                    rules.append("<transform from=\"(\(takerClass))\(otherClass)\(mark)\" to=\"$1\(mark)\" />")
                }
                rules.append("<transform from=\"(\(otherClass))\(mark)\" to=\"$1\(symbol)\" />")
            }
            rules.append("<transform from=\"^\(mark)\" to=\"\(symbol)\" />")
            let notTakers = takers.isEmpty ? "." : "[^" + characterClass(takers).dropFirst()
            rules.append("<transform from=\"(\(notTakers))\(mark)\" to=\"$1\(symbol)\" />")
        }
        return ["\t<transforms type=\"simple\">", "\t\t<transformGroup>"] + rules.map { "\t\t\t" + $0 }
            + ["\t\t</transformGroup>", "\t</transforms>"]
    }

    /// The base letters (NFD, one scalar) that compose with the accent's mark, or that
    /// have an explicit pair, as ranges.
    static func takers(of accent: Accent) -> [ClosedRange<UInt32>] {
        var values: [UInt32] = []
        for range: ClosedRange<UInt32> in [0x41...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1EFF] {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic,
                    Normalization.decompose(value) == [value], Normalization.compose(value, accent.mark.value) != nil
                else { continue }
                values.append(value)
            }
        }
        for pair in accent.overrides {
            let base = Normalization.nfd(pair.base.unicodeScalars.map(\.value))
            if base.count == 1 { values.append(base[0]) }
        }
        var ranges: [ClosedRange<UInt32>] = []
        for value in Set(values).sorted() {
            if let last = ranges.last, last.upperBound + 1 == value {
                ranges[ranges.count - 1] = last.lowerBound...value
            } else {
                ranges.append(value...value)
            }
        }
        return ranges
    }

    static func characterClass(_ ranges: [ClosedRange<UInt32>]) -> String {
        "["
            + ranges.map { $0.count == 1 ? hex([$0.lowerBound]) : hex([$0.lowerBound]) + "-" + hex([$0.upperBound]) }
            .joined() + "]"
    }

    static func hex(_ values: [UInt32]) -> String {
        values.map { "\\u{\(String($0, radix: 16, uppercase: true))}" }.joined()
    }
}
