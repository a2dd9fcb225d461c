import Foundation

extension XMLTreeReader {
    /// `data` with every processing instruction that has a target but no data (`<?name?>`)
    /// turned into spaces, line breaks kept: FoundationXML reads the missing data as a C string
    /// and crashes on it, and keyboard files give processing instructions no meaning. Comments
    /// and CDATA sections are left as they are; lines and columns stay where they were.
    /// - Complexity: O(n).
    static func blankingEmptyProcessingInstructions(_ data: Data) -> Data {
        // Most files hold no processing instruction but the XML declaration: nothing to copy.
        guard data.count > 1 else { return data }
        var bytes = [UInt8](data)
        let count = bytes.count
        var changed = false
        bytes.withUnsafeMutableBufferPointer { bytes in
            func starts(_ prefix: StaticString, at position: Int) -> Bool {
                let length = prefix.utf8CodeUnitCount
                guard position + length <= count else { return false }
                return memcmp(bytes.baseAddress! + position, prefix.utf8Start, length) == 0
            }
            func end(of terminator: StaticString, from position: Int) -> Int? {
                var search = position
                while search < count {
                    if starts(terminator, at: search) { return search + terminator.utf8CodeUnitCount }
                    search += 1
                }
                return nil
            }
            var index = 0
            while index + 1 < count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                if starts("<!--", at: index) {
                    index = end(of: "-->", from: index + 4) ?? count
                } else if starts("<![CDATA[", at: index) {
                    index = end(of: "]]>", from: index + 9) ?? count
                } else if bytes[index + 1] == UInt8(ascii: "?"), let close = end(of: "?>", from: index + 2) {
                    let inner = bytes[(index + 2)..<(close - 2)]
                    let nameLength = inner.prefix { !Self.isXMLSpace($0) }.count
                    if nameLength > 0, inner.dropFirst(nameLength).allSatisfy(Self.isXMLSpace) {
                        for position in index..<close where bytes[position] != 0x0A { bytes[position] = 0x20 }
                        changed = true
                        index = close
                    } else {
                        // Not skipped to its `?>`: where a broken one ends is the parser's guess
                        // (a bad XML declaration ends at the next `>`), so look inside it too.
                        index += 2
                    }
                } else {
                    index += 1
                }
            }
        }
        return changed ? Data(bytes) : data
    }

    /// Space, tab, carriage return or line feed.
    static func isXMLSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}
