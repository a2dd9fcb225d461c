/// Why a peer layout cannot be made. Each message names what was looked for and the fix.
public enum PeerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Keyman Core could not load a `.kmx` file or make a state for it.
    case keymanLoad(path: String, status: UInt32)
    /// The `.kmx` file does not exist.
    case missingFile(path: String)
    /// m17n has no input method of that name.
    case unknownInputMethod(name: String, available: [String])
    /// The file is one that input methods include (`(input-method t nil NAME)`), not one to
    /// type with.
    case includedInputMethod(name: String, available: [String])
    /// A peer id that is neither `kmx:FILE.kmx` nor `m17n:LANG-NAME`.
    case invalidID(String)
    /// Probing found no key that types anything.
    case typesNothing(id: String)

    public var description: String {
        switch self {
        case .keymanLoad(let path, let status):
            "Keyman Core cannot load \(path) (status \(status)); "
                + "give a compiled Keyman keyboard (.kmx) of version 10 or later"
        case .missingFile(let path):
            "no such file \(path); give the path of a compiled Keyman keyboard, e.g. kmx:basic_kbdhu.kmx"
        case .unknownInputMethod(let name, let available):
            "m17n has no input method \(name) (install m17n-db); "
                + "the closest installed: \(closest(to: name, in: available).joined(separator: ", "))"
        case .includedInputMethod(let name, let available):
            "m17n's \(name).mim is a part other input methods include, not one to type with; "
                + "the closest that are: \(closest(to: name, in: available).joined(separator: ", "))"
        case .invalidID(let id):
            "\(id) is not a peer layout id: use kmx:PATH.kmx (a Keyman keyboard) or m17n:LANG-NAME "
                + "(an m17n input method, e.g. m17n:latn-post)"
        case .typesNothing(let id):
            "\(id): no key of the ISO keyboard types anything through this engine"
        }
    }
}

/// Up to eight names nearest to `name` by edit distance, nearest first.
func closest(to name: String, in names: [String]) -> [String] {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var previous = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let next = min(row[j + 1] + 1, row[j] + 1, previous + (x == y ? 0 : 1))
                previous = row[j + 1]
                row[j + 1] = next
            }
        }
        return row[b.count]
    }
    let target = Array(name)
    return names.map { ($0, distance(target, Array($0))) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(8).map(\.0)
}
