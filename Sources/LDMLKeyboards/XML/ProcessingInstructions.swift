import Foundation

extension XMLTreeReader {
    /// `data` with every processing instruction that has a target but no data (`<?name?>`)
    /// turned into spaces, line breaks kept: FoundationXML reads the missing data as a C string
    /// and crashes on it, and keyboard files give processing instructions no meaning. Comments
    /// and CDATA sections are left as they are; lines and columns stay where they were.
    /// - Complexity: O(n).
    static func blankingEmptyProcessingInstructions(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var index = 0
        var changed = false
        func starts(_ prefix: String, at position: Int) -> Bool {
            let utf8 = Array(prefix.utf8)
            return position + utf8.count <= bytes.count && Array(bytes[position..<position + utf8.count]) == utf8
        }
        func end(of terminator: String, from position: Int) -> Int? {
            var search = position
            while search < bytes.count {
                if starts(terminator, at: search) { return search + terminator.utf8.count }
                search += 1
            }
            return nil
        }
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                index = end(of: "-->", from: index + 4) ?? bytes.count
            } else if starts("<![CDATA[", at: index) {
                index = end(of: "]]>", from: index + 9) ?? bytes.count
            } else if bytes[index + 1] == UInt8(ascii: "?"), let close = end(of: "?>", from: index + 2) {
                let inner = bytes[(index + 2)..<(close - 2)]
                let name = inner.prefix { !Self.isXMLSpace($0) }
                if !name.isEmpty, inner.dropFirst(name.count).allSatisfy(Self.isXMLSpace) {
                    for position in index..<close where bytes[position] != 0x0A { bytes[position] = 0x20 }
                    changed = true
                }
                index = close
            } else {
                index += 1
            }
        }
        return changed ? Data(bytes) : data
    }

    /// Space, tab, carriage return or line feed.
    static func isXMLSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}
