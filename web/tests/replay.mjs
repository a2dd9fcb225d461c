// Replays a script of engine calls on engine.wasm through web/src/engine.js and prints one
// JSON line per call, for the Swift test that feeds the same calls to the native
// TypingSession and compares (Tests/WebEngineTests).
//
//     node web/tests/replay.mjs ENGINE.wasm SCRIPT.jsonl > answers.jsonl
//
// Each script line is a JSON array, a call and its arguments:
//   ["open", id]                  -> the answer of openShipped (Layouts/ID.json)
//   ["openJSON", fileName, text]  -> the answer of openJSON
//   ["context", text]             -> {}
//   ["backspace", policy]         -> {}
//   ["tap", key] ["long", key, choice|null] ["multi", key, count] ["flick", key, "n,e"] -> the Edit
//   ["press", name]               -> {edits: [Edit]} or {error: message}
//   ["view"] ["layout"]           -> the answer
//   ["text"]                      -> {text}: the host's text, every edit applied (applyEdit)
//                                    since the last context, which replaces it
import { readFileSync } from "node:fs";
import { applyEdit, loadEngine } from "../src/engine.js";
import { shippedLayouts } from "./shipped-layouts.mjs";

const [wasmPath, scriptPath] = process.argv.slice(2);
if (!wasmPath || !scriptPath) {
  console.error("usage: node web/tests/replay.mjs ENGINE.wasm SCRIPT.jsonl");
  process.exit(64);
}
const engine = await loadEngine(readFileSync(wasmPath), shippedLayouts());
const out = [];
let text = "";
const host = (edit) => {
  text = applyEdit(text, edit);
  return edit;
};
for (const line of readFileSync(scriptPath, "utf8").split("\n")) {
  if (!line) continue;
  const [call, ...args] = JSON.parse(line);
  let answer;
  switch (call) {
    case "open": answer = engine.openShipped(args[0]); break;
    case "openJSON": answer = engine.openJSON(args[1], args[0]); break;
    case "context": engine.setContext(args[0]); text = args[0]; answer = {}; break;
    case "backspace": engine.setBackspace(args[0]); answer = {}; break;
    case "tap": answer = host(engine.tap(args[0])); break;
    case "long": answer = host(engine.longPress(args[0], args[1])); break;
    case "multi": answer = host(engine.multiTap(args[0], args[1])); break;
    case "flick": answer = host(engine.flick(args[0], args[1])); break;
    case "press":
      try {
        answer = { edits: engine.press(args[0]).map(host) };
      } catch (error) {
        answer = { error: error.message };
      }
      break;
    case "view": answer = engine.view(); break;
    case "layout": answer = engine.layout(); break;
    case "text": answer = { text }; break;
    default: throw new Error(`unknown call ${call}`);
  }
  out.push(JSON.stringify(answer));
  if (out.length >= 4096) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
}
process.stdout.write(out.length ? out.join("\n") + "\n" : "");
