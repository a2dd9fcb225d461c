/// Why an optimization cannot run: the message names the place and the fix.
public struct OptimizerError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
