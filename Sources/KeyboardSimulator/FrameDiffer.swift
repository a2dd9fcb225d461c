/// The bytes that turn the frame on the screen into the next one: only the lines that
/// changed are written, each from its first changed cell to its end.
public enum FrameDiffer {
    /// The output that changes `old` into `new` (1-based cursor addressing; `old` empty or of
    /// another line count means the screen is cleared and `new` written whole).
    /// - Complexity: O(total length of the changed lines).
    public static func diff(from old: [String], to new: [String]) -> String {
        var output = ""
        let full = old.count != new.count
        if full { output += "\u{1B}[0m\u{1B}[2J" }
        for (index, line) in new.enumerated() where full || old[index] != line {
            output += "\u{1B}[\(index + 1);1H"
            output += line
            output += "\u{1B}[0m"
        }
        return output
    }
}
