import Foundation

/// Reads a whole layout or keyboard file: a regular file, and also a pipe or a device
/// (`--layout <(generate-layout)`, `/dev/stdin`), which `FileManager` does not read; when it
/// cannot, it says why in words that end in the fix.
public enum FileReading {
    /// Why a file could not be read.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing at the path.
        case missing
        /// The path is a folder.
        case folder
        /// The file's permissions do not allow reading it.
        case permission
        /// More bytes than `FileReading.limit` (no layout file is this large).
        case tooLarge
        /// Another system error, by its description (`strerror`).
        case other(String)

        /// What went wrong (`the file does not exist`).
        public var reason: String {
            switch self {
            case .missing: "the file does not exist"
            case .folder: "this is a folder, not a file"
            case .permission: "the file cannot be read (permission denied)"
            case .tooLarge:
                "the file is larger than \(FileReading.limit / 1_048_576) MB, which no layout or keyboard file is"
            case .other(let reason): "the file cannot be read (\(reason))"
            }
        }

        /// What to do about it (`check the path`).
        public var fix: String {
            switch self {
            case .missing, .tooLarge: "check the path"
            case .folder: "give the path of a file in it"
            case .permission: "check its permissions"
            case .other: "check the path and its permissions"
            }
        }

        /// `reason; fix`, for a diagnostic after the file's name.
        public var description: String { "\(reason); \(fix)" }
    }

    /// The most bytes read from one file (64 MB).
    public static let limit = 64 * 1_048_576

    /// The bytes of the file at `path`, read to its end.
    public static func contents(of path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(failure(errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return .failure(.folder) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            guard bytes.count + count <= limit else { return .failure(.tooLarge) }
            bytes += chunk[0..<count]
        }
    }

    private static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case EISDIR: .folder
        case EACCES, EPERM: .permission
        default: .other(String(cString: strerror(code)))
        }
    }
}
