import Foundation
import LayoutEngine

/// Command-line arguments that are not UTF-8.
enum UTF8Check {
    /// The first command-line argument (from 1) that is not UTF-8, with the offset of its
    /// first bad byte; `nil` when all are (Swift's `CommandLine.arguments` would have
    /// replaced the bad bytes with U+FFFD, so that a path or a text silently changed).
    static func firstInvalidArgument() -> (index: Int, offset: Int, byte: UInt8)? {
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
            if let offset = LayoutLoader.firstInvalidUTF8Offset(bytes) { return (index, offset, bytes[offset]) }
        }
        return nil
    }
}
