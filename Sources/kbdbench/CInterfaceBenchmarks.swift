import CPostfixKeyboard
import Foundation
import KeyboardEngineC
import LayoutEngine

/// The C interface (`postfix_keyboard.h`) against the Swift call it wraps: the same taps of a
/// Hungarian text on hu-touch, through `pk_session_press_key` and `pk_session_last_edit`
/// (what a C host calls for each key) and through `TypingSession.handle`; and a host's whole
/// keystroke as the fcitx5 add-on makes it: the text before the caret, a physical key by its
/// keysym, the edit and its text.
func cInterfaceBenchmarks() -> [Benchmark] {
    let huTouch = BenchmarkCorpus.layout("hu-touch")
    let text = BenchmarkCorpus.hungarian
    let taps: [UInt32] = BenchmarkCorpus.keyStream(for: String(text.prefix(100_000)), on: huTouch).filter(\.isTap).map {
        UInt32($0.key.rawValue)
    }
    var layout: OpaquePointer?
    guard pkLayoutOpenID("hu-touch", &layout, nil, 0, nil) == PK_OK else {
        FileHandle.standardError.write(Data("kbdbench: the C interface's benchmarks skipped: hu-touch\n".utf8))
        return []
    }
    // The keysyms of "Győr árvíztűrő" on a US keyboard, with the accent keys on ; ' [ and a
    // space; a context of a sentence before the caret, as a text field reports it.
    let keysyms: [UInt32] = "Gyo'[r a;rvi;ztu'[ro'[ ".unicodeScalars.map(\.value)
    let context = Array("Egy mondat a kurzor előtt, ahogy a szövegmező adja: ".utf8)

    return [
        Benchmark(name: "capi/hu-touch key event (Swift: TypingSession.handle)", unit: "event") { iterations in
            var session = TypingSession(layout: huTouch)
            var deleted = 0
            for index in 0..<iterations {
                deleted &+= session.handle(.tap(KeyID(Int(taps[index % taps.count])))).deleteCount
                if index % 4096 == 4095 { session.setContext("") }
            }
            blackHole(deleted)
            return iterations
        },
        Benchmark(
            name: "capi/hu-touch key event (C: pk_session_press_key)", unit: "event",
            run: cTaps(layout, taps, readingEdit: false)),
        Benchmark(
            name: "capi/hu-touch key event (C: pk_session_press_key + last_edit)", unit: "event",
            run: cTaps(layout, taps, readingEdit: true)),
        Benchmark(name: "capi/hu-touch host keystroke (context, keysym, edit, text)", unit: "key") { iterations in
            let session = newSession(layout)
            defer { _ = pkSessionFree(session) }
            var edit = pk_edit()
            var buffer = [CChar](repeating: 0, count: 64)
            var length = 0
            var total = 0
            for index in 0..<iterations {
                context.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        _ = pkSessionSetContext(session, $0.baseAddress, $0.count)
                    }
                }
                _ = pkSessionPressKeysym(session, keysyms[index % keysyms.count])
                _ = pkSessionLastEdit(session, &edit)
                _ = pkSessionEditText(session, &buffer, buffer.count, &length)
                total &+= length &+ Int(edit.delete_utf8)
            }
            blackHole(total)
            return iterations
        },
        // A script's keys by name (`pk_session_press_name`), one in eight unknown, as a host
        // replaying traces or a fuzzer gives them.
        Benchmark(name: "capi/hu-touch press by name (pk_session_press_name)", unit: "name") { iterations in
            let session = newSession(layout)
            defer { _ = pkSessionFree(session) }
            let names = ["a", "´", "o", "˝", "shift", "⌫", "e:é", "nincs"]
            var known = 0
            for index in 0..<iterations {
                if pkSessionPressName(session, names[index % names.count]) == PK_OK { known += 1 }
                if index % 4096 == 4095 { _ = pkSessionSetContext(session, "", 0) }
            }
            blackHole(known)
            return iterations
        },
        Benchmark(name: "capi/open and free a built-in layout (pk_layout_open_id)", unit: "open") { iterations in
            var opened = 0
            for _ in 0..<iterations {
                var handle: OpaquePointer?
                if pkLayoutOpenID("hu-touch", &handle, nil, 0, nil) == PK_OK { opened += 1 }
                _ = pkLayoutFree(handle)
            }
            blackHole(opened)
            return iterations
        },
    ]
}

/// A new session on `layout` (the caller frees it).
private func newSession(_ layout: OpaquePointer?) -> OpaquePointer? {
    var session: OpaquePointer?
    _ = pkSessionNew(layout, &session)
    return session
}

/// The taps through `pk_session_press_key`, and `pk_session_last_edit` after each when
/// `readingEdit`; the context emptied every 4,096 taps, as the Swift case does.
private func cTaps(_ layout: OpaquePointer?, _ taps: [UInt32], readingEdit: Bool) -> (Int) -> Int {
    { iterations in
        let session = newSession(layout)
        defer { _ = pkSessionFree(session) }
        var edit = pk_edit()
        var total = 0
        for index in 0..<iterations {
            total &+= Int(pkSessionPressKey(session, taps[index % taps.count]).rawValue)
            if readingEdit {
                _ = pkSessionLastEdit(session, &edit)
                total &+= Int(edit.delete_scalars)
            }
            if index % 4096 == 4095 { _ = pkSessionSetContext(session, "", 0) }
        }
        blackHole(total)
        return iterations
    }
}
