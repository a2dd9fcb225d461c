/**
 * The bridge to the typing engine compiled to WebAssembly (`engine.wasm`, built by
 * `web/build-wasm.sh` from `Sources/LayoutCore` and `web/engine/*.swift`). It is the same
 * engine as `import LayoutEngine` and `kbdsim`: the page holds no accent, layer or naming
 * logic, it draws what `view()` says and applies the `Edit`s it gets back.
 *
 * A host does three things: map an input to a key (`view()` gives every key's id), hand the
 * key to the engine (`tap`, `longPress`, `multiTap`, `flick`, `press`), and apply the `Edit`:
 * delete `deleteCount` Unicode scalars (code points, not UTF-16 units) before the caret, then
 * insert `insert` (NFC). Before a key, or whenever the caret moved or the text changed under
 * it, give the engine the text before the caret with `setContext` (NFC, NFD or mixed: the
 * engine's edits then delete exactly the scalars the host holds).
 *
 * ```js
 * import { loadEngine } from "./engine.js";
 * const engine = await loadEngine("engine.wasm", "layouts.json");
 * engine.openShipped("hu-touch");
 * engine.setContext(textarea.value.slice(0, textarea.selectionStart));
 * const edit = engine.tap(key);  // {deleteCount: 1, insert: "á", effect: "accentAdded"}
 * ```
 *
 * API (every method is synchronous once the engine is loaded):
 *
 * - `loadEngine(wasmUrlOrBytes, shippedLayouts) -> Promise<Engine>`: fetches and instantiates a
 *   URL (browsers), or instantiates an `ArrayBuffer` / typed array of the file's bytes (Node).
 *   `shippedLayouts` is the URL of `layouts.json` (web/build.sh writes it beside the page: an
 *   object of layout id → the layout file's document), fetched at the same time, or such an
 *   object itself (Node reads `Layouts/`; its values may be the files' text or documents). The
 *   `.wasm` holds no layouts of its own: the page loads each from these files, as a user's own.
 * - `layouts() -> [{id, name, locale, description}]`: every shipped layout, sorted by id.
 * - `openShipped(id) -> {ok: true, diagnostics} | {ok: false, message, suggestions}`: opens a
 *   shipped layout (as `openJSON` its file, named `ID.json`); for an unknown id, the engine's
 *   message (as the CLI's) and every known id, nearest first. The open
 *   layout stays when the id names nothing. A new layout starts with an empty context.
 * - `openJSON(textOrBytes, fileName) -> {ok: true, diagnostics} | {ok: false, diagnostics, text}`:
 *   opens a layout file. Give the file's bytes (`Uint8Array`/`ArrayBuffer`) so that invalid
 *   UTF-8 is reported, or its text. As with `kbdsim --layout FILE`, a `fileName` ending in
 *   `.json` must be the layout's id plus `.json`. `diagnostics` are
 *   `{severity, code, line, column, path, message, fix}` (`line`/`column` 1-based, `null` when
 *   the file could not be read that far; `message` is the whole message, `fix` its part after
 *   the first `"; "`, or `""`); `text` is the diagnostics exactly as the CLI prints them, one a
 *   line. On success `diagnostics` holds the warnings. On failure the previous layout stays open.
 * - `layout() -> {id, name, locale, geometry: {widthMm, unitsPerRow, rowPitchMm, keyGapMm},
 *   accents: [{name, symbol, mark, description, examples: [{letter, accented}]}], backspace: "accent" | "grapheme"}`, or `null`
 *   before a layout is open. `description` is the accent's spoken name (`"double acute accent"`).
 * - `view() -> {layer, visibleLayer, shift: "off" | "once" | "caps", rows: [[Key]]}`, or `null`:
 *   `layer` is the chosen layer's id (`"base"`), `visibleLayer` the id of the layer whose keys
 *   `rows` holds (`"shift"` while shift is on). A `Key` is `{key, name, label, x, width, role,
 *   accessibleName, longPress: [{name, label}], longPressDefault, multiTap: [label],
 *   flicks: [{directions, name, label}]}`: `key` is the id to pass back, `name` exactly what
 *   `kbdsim --trace` prints for the key on that layer (`"A"` on the shift layer, `"⇧"`, `"123"`,
 *   `"␣"`, `"⌫"`), `x` and `width` in key units, `role` one of `"letter"`, `"accent"`, `"shift"`,
 *   `"layer"`, `"backspace"`, `"space"`, `"return"`, `"deadKey"`, `"text"`; a long-press
 *   alternate's `name` is the trace's `"o:ő"`, a flick's `"a~n,e"`.
 * - `setContext(textBeforeCaret)`: the host's text before the caret, as it is.
 * - `tap(key)`, `longPress(key, choiceIndex | null)` (`null`: the key's default),
 *   `multiTap(key, count)`, `flick(key, "n,e")` -> `Edit`. A flick along directions that are no
 *   compass names (`n ne e se s sw w nw`) throws. A key id the layout does not have changes nothing.
 * - `press(name) -> [Edit]`: a trace name (`"a"`, `"´"`, `"O"`, `"o:ő"`, `"a*2"`, `"a~n"`),
 *   resolved by the engine's `KeyNames` as `kbdsim --keys` resolves it; throws an `Error` whose
 *   message is the engine's `unknown key "…": …` message for a name that does not resolve.
 * - `setBackspace("accent" | "grapheme")`: what backspace deletes, for this and later layouts;
 *   throws for any other value.
 *
 * `Edit = {deleteCount, insert, effect}` with `effect` one of `"none"`, `"typed"`,
 * `"accentAdded"`, `"accentReplaced"`, `"accentSymbol"`, `"accentRemoved"`, `"graphemeDeleted"`.
 *
 * Also: `benchTaps(keys, rounds) -> number`, the benchmark's loop inside the `.wasm` (taps the
 * key ids `rounds` times over, each round from an empty context, writing no answers); and the
 * module function `applyEdit(textBeforeCaret, edit) -> string`, an edit applied as a host
 * applies it (scalars, not UTF-16 units, deleted).
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The four WASI functions the embedded standard library and wasi-libc import. */
function wasiImports(memory) {
  let pending = "";
  return {
    fd_close: () => 0,
    fd_seek: () => 0,
    // Standard output and error (a trap's message): collected, printed a line at a time.
    fd_write: (fd, iovs, count, written) => {
      const view = new DataView(memory().buffer);
      let total = 0;
      for (let index = 0; index < count; index++) {
        const pointer = view.getUint32(iovs + index * 8, true);
        const length = view.getUint32(iovs + index * 8 + 4, true);
        pending += decoder.decode(new Uint8Array(memory().buffer, pointer, length));
        total += length;
      }
      view.setUint32(written, total, true);
      let end;
      while ((end = pending.indexOf("\n")) >= 0) {
        console.error(`engine.wasm: ${pending.slice(0, end)}`);
        pending = pending.slice(end + 1);
      }
      return 0;
    },
    random_get: (pointer, length) => {
      crypto.getRandomValues(new Uint8Array(memory().buffer, pointer, length));
      return 0;
    },
  };
}

/**
 * The text before the caret after `edit`: `deleteCount` Unicode scalars taken off its end (a
 * surrogate pair is one scalar), then `insert` appended.
 * @param {string} textBeforeCaret
 * @param {{deleteCount: number, insert: string}} edit
 * @returns {string}
 */
export function applyEdit(textBeforeCaret, edit) {
  let end = textBeforeCaret.length;
  for (let deleted = 0; deleted < edit.deleteCount && end > 0; deleted++) {
    const last = textBeforeCaret.charCodeAt(end - 1);
    const pair = last >= 0xdc00 && last <= 0xdfff && end >= 2;
    const before = pair ? textBeforeCaret.charCodeAt(end - 2) : 0;
    end -= pair && before >= 0xd800 && before <= 0xdbff ? 2 : 1;
  }
  return textBeforeCaret.slice(0, end) + edit.insert;
}

/**
 * Loads the engine: a URL (or `Request`) is fetched and instantiated; an `ArrayBuffer` or
 * typed array is instantiated as it is. The shipped layouts come from `shippedLayouts`: the
 * URL of `layouts.json`, fetched while the engine compiles, or its object of id → document.
 * @param {string | URL | Request | ArrayBuffer | ArrayBufferView} wasmUrlOrBytes
 * @param {string | URL | Record<string, object | string>} shippedLayouts
 * @returns {Promise<Engine>}
 */
export async function loadEngine(wasmUrlOrBytes, shippedLayouts) {
  const layouts =
    typeof shippedLayouts === "string" || shippedLayouts instanceof URL
      ? fetchLayouts(shippedLayouts)
      : Promise.resolve(shippedLayouts ?? {});
  let instance;
  const imports = { wasi_snapshot_preview1: wasiImports(() => instance.exports.memory) };
  if (wasmUrlOrBytes instanceof ArrayBuffer || ArrayBuffer.isView(wasmUrlOrBytes)) {
    ({ instance } = await WebAssembly.instantiate(wasmUrlOrBytes, imports));
  } else {
    const response = await fetch(wasmUrlOrBytes);
    if (!response.ok) throw new Error(`engine.wasm: ${response.status} ${response.statusText}`);
    if (WebAssembly.instantiateStreaming && (response.headers.get("Content-Type") ?? "").startsWith("application/wasm")) {
      ({ instance } = await WebAssembly.instantiateStreaming(response, imports));
    } else {
      ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), imports));
    }
  }
  return new Engine(instance.exports, await layouts);
}

/** The object of `layouts.json`: layout id → the layout file's document. */
async function fetchLayouts(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`layouts.json: ${response.status} ${response.statusText}`);
  return response.json();
}

/** One engine: one open layout and its typing session. Made by `loadEngine`. */
export class Engine {
  #wasm;
  /** Shipped layout id → its file's text, sorted by id. */
  #shipped;

  /**
   * @param {WebAssembly.Exports} exports
   * @param {Record<string, object | string>} shippedLayouts id → document or file text
   */
  constructor(exports, shippedLayouts) {
    this.#wasm = exports;
    this.#shipped = new Map(
      Object.keys(shippedLayouts)
        .sort()
        .map((id) => {
          const file = shippedLayouts[id];
          return [id, typeof file === "string" ? file : JSON.stringify(file)];
        }),
    );
  }

  /** Calls `exported(pointer, length, ...rest)` with `bytes` copied into linear memory. */
  #withBytes(bytes, exported, ...rest) {
    const pointer = this.#wasm.pk_alloc(bytes.length);
    try {
      new Uint8Array(this.#wasm.memory.buffer, pointer, bytes.length).set(bytes);
      return exported(pointer, bytes.length, ...rest);
    } finally {
      this.#wasm.pk_free(pointer);
    }
  }

  /** Calls an export that takes one string. */
  #withText(text, exported, ...rest) {
    return this.#withBytes(encoder.encode(text), exported, ...rest);
  }

  /** The last answer, parsed. */
  #answer() {
    const pointer = this.#wasm.pk_result_pointer();
    const length = this.#wasm.pk_result_length();
    return JSON.parse(decoder.decode(new Uint8Array(this.#wasm.memory.buffer, pointer, length)));
  }

  /** @returns {{id: string, name: string, locale: string, description: string}[]} */
  layouts() {
    return [...this.#shipped].map(([id, text]) => {
      const { name = id, locale = "", description = "" } = JSON.parse(text);
      return { id, name, locale, description };
    });
  }

  /** @param {string} id */
  openShipped(id) {
    const file = this.#shipped.get(id);
    if (file === undefined) {
      const known = encoder.encode([...this.#shipped.keys()].join("\n"));
      const knownPointer = this.#wasm.pk_alloc(known.length);
      try {
        new Uint8Array(this.#wasm.memory.buffer, knownPointer, known.length).set(known);
        this.#withText(id, (pointer, length) =>
          this.#wasm.pk_unknown_layout(pointer, length, knownPointer, known.length),
        );
      } finally {
        this.#wasm.pk_free(knownPointer);
      }
      return this.#answer();
    }
    return this.openJSON(file, `${id}.json`);
  }

  /**
   * @param {string | Uint8Array | ArrayBuffer} textOrBytes
   * @param {string} fileName
   */
  openJSON(textOrBytes, fileName) {
    const bytes =
      typeof textOrBytes === "string"
        ? encoder.encode(textOrBytes)
        : textOrBytes instanceof ArrayBuffer
          ? new Uint8Array(textOrBytes)
          : new Uint8Array(textOrBytes.buffer, textOrBytes.byteOffset, textOrBytes.byteLength);
    const name = encoder.encode(fileName);
    const namePointer = this.#wasm.pk_alloc(name.length);
    try {
      new Uint8Array(this.#wasm.memory.buffer, namePointer, name.length).set(name);
      this.#withBytes(bytes, (pointer, length) => this.#wasm.pk_open_json(pointer, length, namePointer, name.length));
    } finally {
      this.#wasm.pk_free(namePointer);
    }
    return this.#answer();
  }

  layout() {
    this.#wasm.pk_layout();
    return this.#answer();
  }

  view() {
    this.#wasm.pk_view();
    return this.#answer();
  }

  /** @param {string} textBeforeCaret */
  setContext(textBeforeCaret) {
    this.#withText(textBeforeCaret, this.#wasm.pk_set_context);
  }

  /** @param {number} key */
  tap(key) {
    this.#wasm.pk_tap(key);
    return this.#answer();
  }

  /**
   * @param {number} key
   * @param {number | null} choiceIndex the alternate's index, `null` for the key's default
   */
  longPress(key, choiceIndex) {
    this.#wasm.pk_long_press(key, choiceIndex ?? -1);
    return this.#answer();
  }

  /**
   * @param {number} key
   * @param {number} count how many quick taps (1 is a tap)
   */
  multiTap(key, count) {
    this.#wasm.pk_multi_tap(key, count);
    return this.#answer();
  }

  /**
   * @param {number} key
   * @param {string} directions compass directions joined by commas (`"n,e"`)
   */
  flick(key, directions) {
    this.#withText(directions, (pointer, length) => this.#wasm.pk_flick(key, pointer, length));
    const answer = this.#answer();
    if (answer.error) throw new Error(answer.error);
    return answer;
  }

  /** @param {string} name a trace name */
  press(name) {
    this.#withText(name, this.#wasm.pk_press);
    const answer = this.#answer();
    if (!answer.ok) throw new Error(answer.message);
    return answer.edits;
  }

  /** @param {"accent" | "grapheme"} policy */
  setBackspace(policy) {
    if (!this.#withText(policy, this.#wasm.pk_set_backspace)) {
      throw new Error(`backspace is "accent" or "grapheme", not ${JSON.stringify(policy)}`);
    }
  }

  /**
   * The benchmark's loop, inside the `.wasm`: taps `keys` `rounds` times over.
   * @param {number[]} keys
   * @param {number} rounds
   * @returns {number} a checksum of the edits
   */
  benchTaps(keys, rounds) {
    const bytes = new Uint8Array(new Int32Array(keys).buffer);
    return this.#withBytes(bytes, (pointer) => this.#wasm.pk_bench_taps(pointer, keys.length, rounds));
  }
}
