import Foundation

/// Writes the files the commands make (exported layouts, optimized layouts, SVG pictures,
/// IBus components): a file is replaced whole or not at all, and when it cannot be written
/// the failure says why in words that end in the fix.
public enum FileWriting {
    /// Why a file or folder could not be written.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The folder the file goes in does not exist.
        case missingFolder
        /// A part of the path that should be a folder is a file.
        case notAFolder
        /// The path of a folder to make is a file.
        case file
        /// The path is a folder, not a file.
        case folder
        /// The folder's permissions do not allow writing in it.
        case permission
        /// The file system is mounted read-only.
        case readOnly
        /// The device (or the user's quota) is full.
        case noSpace
        /// Another system error, by its description (`strerror`).
        case other(String)

        /// What went wrong (`permission denied`).
        public var reason: String {
            switch self {
            case .missingFolder: "the folder it goes in does not exist"
            case .notAFolder: "a part of the path before the last is a file, not a folder"
            case .file: "this is a file, not a folder"
            case .folder: "this is a folder, not a file"
            case .permission: "permission denied"
            case .readOnly: "the file system is read-only"
            case .noSpace: "no space is left on the device"
            case .other(let reason): "it cannot be written (\(reason))"
            }
        }

        /// What to do about it (`choose a folder you can write to`).
        public var fix: String {
            switch self {
            case .missingFolder: "create the folder or give another path"
            case .notAFolder: "check the path"
            case .file: "give the path of a folder"
            case .folder: "give the path of a file"
            case .permission, .readOnly: "choose a folder you can write to"
            case .noSpace: "free some space or choose another device"
            case .other: "check the path and its permissions"
            }
        }

        /// `reason; fix`, for a diagnostic after the path.
        public var description: String { "\(reason); \(fix)" }
    }

    /// Makes the folder at `path`, with the folders above it that are missing; an existing
    /// folder is fine.
    public static func makeFolder(_ path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw .file }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path {
            do {
                try makeFolder(parent)
            } catch {
                throw error == .file ? .notAFolder : error
            }
        }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            // The folder above exists, so a missing entry means this file system makes none here.
            let code = errno
            throw code == ENOENT ? .other(String(cString: strerror(code))) : failure(code)
        }
    }

    /// Writes `bytes` to the file at `path` (its folder must exist): into a temporary file
    /// beside it, then renamed over it, so that a failure leaves what was there before. A
    /// symbolic link keeps pointing where it did (the file it points to is replaced); a
    /// device or a pipe (`-o /dev/stdout`) is written into.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let path = try target(of: path)
        if try isSpecial(path) { return try writeInPlace(bytes, to: path) }
        let (descriptor, temporary) = try temporaryFile(for: path)
        var code = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        if code == 0, fchmod(descriptor, 0o644) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        if code == 0, rename(temporary, path) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporary)
            throw code == EISDIR ? .folder : failure(code)
        }
    }

    /// Checks that a file can be written at `path` (as `write` would, leaving nothing
    /// behind), so that a long computation whose result goes there can fail first.
    public static func checkWritable(_ path: String) throws(Failure) {
        let path = try target(of: path)
        if try isSpecial(path) {
            guard access(path, W_OK) == 0 else { throw failure(errno) }
            return
        }
        let (descriptor, temporary) = try temporaryFile(for: path)
        close(descriptor)
        unlink(temporary)
    }

    /// Whether `path` is a device, a pipe or a socket (written into, not replaced); a
    /// folder is a failure.
    private static func isSpecial(_ path: String) throws(Failure) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw .folder }
        return kind != S_IFREG
    }

    /// `path`, or the file a symbolic link there points to (resolved to its end).
    private static func target(of path: String) throws(Failure) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            // A link to nothing: the file it names is written (made), as `cat > link` would.
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &bytes, bytes.count - 1)
            guard count > 0 else { throw failure(errno) }
            let destination = String(decoding: bytes[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") { return destination }
            return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `bytes` into the device or pipe at `path`.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        var code = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        if close(descriptor) != 0, code == 0 { code = errno }
        guard code == 0 else { throw failure(code) }
    }

    /// Writes all of `buffer` to `descriptor`, retrying after signals and waiting while a
    /// non-blocking descriptor is full; returns 0, or the errno that stopped it.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 1000)
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return 0
    }

    /// A new, empty temporary file in the folder of `path` (not a folder: callers have
    /// checked with `isSpecial`), open for writing: its descriptor and path.
    private static func temporaryFile(for path: String) throws(Failure) -> (Int32, String) {
        var status = stat()
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let code = errno
            guard code == ENOENT else { throw failure(code) }
            // Missing: the folder, or (it exists) the file system makes no files here.
            let folderExists = stat(folder.isEmpty ? "." : folder, &status) == 0
            throw folderExists ? .other(String(cString: strerror(code))) : .missingFolder
        }
        return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT: .missingFolder
        case ENOTDIR, EEXIST: .notAFolder
        case EISDIR: .folder
        case EACCES, EPERM: .permission
        case EROFS: .readOnly
        case ENOSPC, EDQUOT: .noSpace
        default: .other(String(cString: strerror(code)))
        }
    }
}
