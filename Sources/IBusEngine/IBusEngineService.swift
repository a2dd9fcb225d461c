import CIBusEngine
import Foundation
import LayoutEngine

/// The engine process IBus starts (`kbdsim ibus --engine`): connects to the daemon, offers
/// one engine per layout and runs until the daemon goes away.
///
/// IBus calls the C engine class in Sources/CIBusEngine, which calls the functions here on
/// the GLib main loop's thread; each engine instance gets an `IBusInputHost`.
public enum IBusEngineService {
    /// Runs the engines named after `layouts` (by id) until the daemon disconnects.
    /// Returns the process's exit status: 0 after the daemon went away, 1 when there was
    /// no daemon to connect to.
    public static func run(layouts: [Layout]) -> Int32 {
        EngineTable.layouts = Dictionary(layouts.map { (IBusComponent.engineName(of: $0.id), $0) }) { first, _ in first
        }
        var callbacks = KbdsimEngineCallbacks(
            create: { engine, name in
                guard let engine, let name else { return -1 }
                return EngineTable.create(engine: engine, name: String(cString: name))
            },
            destroy: { handle in EngineTable.hosts[handle] = nil },
            process_key: { handle, keyval, keycode, state in
                EngineTable.with(handle) { host, client in
                    host.process(IBusKey(keyval: keyval, keycode: keycode, state: state), client: &client) ? 1 : 0
                } ?? 0
            },
            focus: { handle, focused in
                EngineTable.with(handle) { host, client in
                    host.focusChanged(client: &client)
                    if focused != 0 { client.announce(host.layout) }
                }
            },
            reset: { handle in EngineTable.with(handle) { host, client in host.reset(client: &client) } },
            enable: { handle, enabled in
                EngineTable.with(handle) { host, client in
                    host.focusChanged(client: &client)
                    if enabled != 0 { client.announce(host.layout) }
                }
            },
            candidate_clicked: { handle, index in
                EngineTable.with(handle) { host, client in host.pick(Int(index), client: &client) }
            },
            navigate: { handle, direction in
                EngineTable.with(handle) { host, client in host.move(by: Int(direction), client: &client) }
            })
        let names = EngineTable.layouts.keys.sorted()
        var cNames = names.map { strdup($0) }
        defer { for name in cNames { free(name) } }
        return cNames.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { pointer in
                kbdsim_ibus_run(&callbacks, IBusComponent.busName, pointer, Int32(buffer.count))
            }
        }
    }
}

/// The engine instances alive in this process. Only the GLib main loop's thread touches it
/// (IBus calls the engine class there, and nowhere else).
private enum EngineTable {
    nonisolated(unsafe) static var layouts: [String: Layout] = [:]
    nonisolated(unsafe) static var hosts: [Int64: (host: IBusInputHost, engine: OpaquePointer)] = [:]
    nonisolated(unsafe) static var nextHandle: Int64 = 0

    static func create(engine: OpaquePointer, name: String) -> Int64 {
        guard let layout = layouts[name] else { return -1 }
        let handle = nextHandle
        nextHandle += 1
        hosts[handle] = (IBusInputHost(layout: layout), engine)
        return handle
    }

    /// Runs `body` on the host of `handle` and its client, and keeps the host's new state.
    static func with<Result>(_ handle: Int64, _ body: (inout IBusInputHost, inout EngineClient) -> Result)
        -> Result?
    {
        guard var entry = hosts[handle] else { return nil }
        hosts[handle] = nil
        var client = EngineClient(engine: entry.engine)
        let result = body(&entry.host, &client)
        hosts[handle] = entry
        return result
    }
}
