import CM17N
import Foundation
import Synchronization

/// Every m17n call of the project, behind one lock: libm17n keeps global tables (symbols,
/// the database) and is not safe to call from two threads at once.
enum M17N {
    private static let lock = Mutex(false)

    /// Runs `body` holding the lock, after `m17n_init` on first use.
    static func locked<T>(_ body: () throws(PeerError) -> T) throws(PeerError) -> T {
        try lock.withLock { (initialized: inout Bool) throws(PeerError) -> T in
            if !initialized {
                m17n_init()
                initialized = true
            }
            return try body()
        }
    }

    /// Where m17n-db keeps its input methods (`M17NDIR`, else Debian's `/usr/share/m17n`).
    static var databaseFolder: String {
        ProcessInfo.processInfo.environment["M17NDIR"] ?? "/usr/share/m17n"
    }

    /// The installed input methods by file name (`latn-post` for `latn-post.mim`), without
    /// the files other input methods include (`global`, `cjk-util`: named `nil`).
    static func installedNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: databaseFolder)) ?? []
        return files.filter { $0.hasSuffix(".mim") }.map { String($0.dropLast(4)) }
            .filter { declaredName(file: $0)?.name != "nil" }.sorted()
    }

    /// The language and name an input method's file declares in `(input-method LANG NAME)`.
    static func declaredName(file name: String) -> (language: String, name: String)? {
        let path = databaseFolder + "/" + name + ".mim"
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let range = text.range(of: "(input-method ") else { return nil }
        let words = text[range.upperBound...].prefix(200).split(whereSeparator: { " \t\n)".contains($0) })
        guard words.count >= 2 else { return nil }
        return (String(words[0]), String(words[1]))
    }
}

/// An open m17n input method (`minput_open_im`), shared by the contexts typed with it.
final class M17NInputMethod: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<MInputMethod>
    let fileName: String

    /// Opens the input method of `NAME.mim`.
    init(fileName: String) throws(PeerError) {
        guard let declared = M17N.declaredName(file: fileName) else {
            throw .unknownInputMethod(name: fileName, available: M17N.installedNames())
        }
        guard declared.name != "nil" else {
            throw .includedInputMethod(name: fileName, available: M17N.installedNames())
        }
        let opened = try M17N.locked { () throws(PeerError) -> UnsafeMutablePointer<MInputMethod>? in
            minput_open_im(msymbol(declared.language), msymbol(declared.name), nil)
        }
        guard let opened else { throw .unknownInputMethod(name: fileName, available: M17N.installedNames()) }
        pointer = opened
        self.fileName = fileName
    }

    deinit {
        let pointer = pointer
        try? M17N.locked { minput_close_im(pointer) }
    }
}

/// An m17n input context (`minput_create_ic`): the preedit and the input method's state.
final class M17NContext {
    let method: M17NInputMethod
    private(set) var pointer: UnsafeMutablePointer<MInputContext>

    init(method: M17NInputMethod) throws(PeerError) {
        let created = try M17N.locked { () throws(PeerError) -> UnsafeMutablePointer<MInputContext>? in
            minput_create_ic(method.pointer, nil)
        }
        guard let created else { throw .unknownInputMethod(name: method.fileName, available: []) }
        self.method = method
        pointer = created
    }

    deinit {
        let pointer = pointer
        try? M17N.locked { minput_destroy_ic(pointer) }
    }

    /// What one key did, as ibus-m17n asks it: `minput_filter`; when that does not take the
    /// key, `minput_lookup` for the committed text and whether the input method handled it.
    struct Result {
        var handled: Bool
        var produced: [Unicode.Scalar]
        var preedit: [Unicode.Scalar]
    }

    /// Feeds one key by its m17n name (`a`, `"`, `space`, `BackSpace`, `Return`).
    func feed(_ keyName: String) -> Result {
        (try? M17N.locked { () throws(PeerError) -> Result in
            let key = msymbol(keyName)
            var result = Result(handled: true, produced: [], preedit: [])
            if minput_filter(pointer, key, nil) == 0 {
                let produced = mtext()
                result.handled = minput_lookup(pointer, key, nil, produced) == 0
                result.produced = Self.scalars(produced)
                m17n_object_unref(UnsafeMutableRawPointer(produced))
            }
            result.preedit = Self.scalars(pointer.pointee.preedit)
            return result
        }) ?? Result(handled: false, produced: [], preedit: [])
    }

    /// Forgets the preedit and the input method's state: the context is replaced by a fresh
    /// one (about 2 µs). Not `minput_reset_ic`: in Debian's m17n-lib 1.8.0, once the key `/`
    /// has been filtered, it writes into memory it has just freed, on every input method
    /// (valgrind shows it on latn-post), and 79 of the 191 installed methods crashed
    /// `kbdsim` with it while their keys were probed. If no fresh context can be made, the
    /// old one stays.
    func reset() {
        let method = method.pointer
        guard let fresh = try? M17N.locked({ () throws(PeerError) in minput_create_ic(method, nil) }) else {
            return
        }
        let old = pointer
        pointer = fresh
        try? M17N.locked { minput_destroy_ic(old) }
    }

    private static func scalars(_ text: OpaquePointer?) -> [Unicode.Scalar] {
        guard let text else { return [] }
        return (0..<mtext_len(text)).compactMap { Unicode.Scalar(UInt32(bitPattern: mtext_ref_char(text, $0))) }
    }
}
