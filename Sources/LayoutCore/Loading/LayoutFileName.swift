/// Layout ids as parts of file names (`kbdsim export`'s LDML file, `compare --svg`'s heatmaps).
public enum LayoutFileName {
    /// A layout id as a file name: letters, digits, `.`, `_` and `-` kept, every other run
    /// of characters one `-` (`cldr:fr` → `cldr-fr`, `xkb:us(intl)` → `xkb-us-intl`,
    /// `kmx:/k/basic_kbdhu.kmx` → `kmx-k-basic_kbdhu.kmx`), so that the file names no
    /// directory, needs no quoting, and reads back as a path, not as an id.
    public static func stem(_ id: String) -> String {
        var stem = ""
        for scalar in id.unicodeScalars {
            if scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
            {
                stem.unicodeScalars.append(scalar)
            } else if !stem.hasSuffix("-") {
                stem += "-"
            }
        }
        while stem.hasSuffix("-") || stem.hasSuffix(".") { stem.removeLast() }
        while stem.hasPrefix("-") || stem.hasPrefix(".") { stem.removeFirst() }
        return stem.isEmpty ? "layout" : stem
    }

    /// `stem` of each id, with `-2`, `-3`, … after a stem an earlier id already has (`cldr:fr`
    /// and `cldr-fr` both give `cldr-fr`), so that no file is written over another.
    public static func distinctStems(_ ids: [String]) -> [String] {
        var used: Set<String> = []
        return ids.map { id in
            let base = stem(id)
            var candidate = base
            var number = 2
            while !used.insert(candidate).inserted {
                candidate = "\(base)-\(number)"
                number += 1
            }
            return candidate
        }
    }
}
