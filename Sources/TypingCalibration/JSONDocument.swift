import Foundation
import LayoutEngine

/// How kbdsim reads the JSON files it checks by hand (a typing-test log, a model file): the
/// file's bytes, that they are UTF-8, and their JSON, each failure a `TypingLogError` whose fix
/// says what a file of this kind should be.
struct JSONDocument {
    /// The fix when the file does not exist.
    let missingFix: String
    /// The fix when its bytes are not UTF-8.
    let encodingFix: String
    /// The fix when they are not JSON.
    let syntaxFix: String

    /// The bytes of the file at `path` (named `path` in errors).
    func bytes(atPath path: String) throws(TypingLogError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw TypingLogError(
                .unreadable, file: path, message: exists ? "cannot be read" : "no such file",
                fix: exists ? "check its permissions" : missingFix)
        }
        return Array(data)
    }

    /// `bytes`, the file named `file`, checked as UTF-8 and parsed as JSON.
    func root(_ bytes: [UInt8], file: String) throws(TypingLogError) -> JSONNode {
        if let offset = TextChecks.firstInvalidUTF8(bytes) {
            throw TypingLogError(
                .invalidUTF8, file: file, message: "byte \(offset + 1) is not UTF-8", fix: encodingFix)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw TypingLogError(.syntax, file: file, location: error.location, message: error.message, fix: syntaxFix)
        }
    }
}
