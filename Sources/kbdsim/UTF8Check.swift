/// Where text given to kbdsim (arguments, key names on standard input) stops being UTF-8.
enum UTF8Check {
    /// The offset of the first byte of `bytes` that is not part of valid UTF-8, or `nil`.
    static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// The first command-line argument (from 1) that is not UTF-8, with the offset of its
    /// first bad byte; `nil` when all are (Swift's `CommandLine.arguments` would have
    /// replaced the bad bytes with U+FFFD, so that a path or a text silently changed).
    static func firstInvalidArgument() -> (index: Int, offset: Int, byte: UInt8)? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            var bytes: [UInt8] = []
            var pointer = argument
            while pointer.pointee != 0 {
                bytes.append(UInt8(bitPattern: pointer.pointee))
                pointer += 1
            }
            if let offset = firstInvalidByte(bytes) { return (index, offset, bytes[offset]) }
        }
        return nil
    }
}
