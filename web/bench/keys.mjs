// Measures a key event inside engine.wasm, in Node: taps the letters of a Hungarian text on
// hu-touch, with the accent keys, through the engine's own loop (no JSON, no JavaScript
// between events: `benchTaps`), and through the bridge (`tap`, answer parsed), doubling the
// rounds until one run takes 200 ms; and the time from the file's bytes to a keyboard to draw
// (instantiate, open hu-touch, its view), the median of 20. Prints one line per case.
//
//     node web/bench/keys.mjs ENGINE.wasm [--json]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { loadEngine } from "../src/engine.js";
import { shippedLayouts } from "../tests/shipped-layouts.mjs";

const [wasmPath, format] = process.argv.slice(2);
if (!wasmPath) {
  console.error("usage: node web/bench/keys.mjs ENGINE.wasm [--json]");
  process.exit(64);
}
const bytes = readFileSync(wasmPath);
const layouts = shippedLayouts();
const readyTimes = [];
for (let run = 0; run < 20; run++) {
  const start = performance.now();
  const fresh = await loadEngine(bytes, layouts);
  fresh.openShipped("hu-touch");
  fresh.view();
  readyTimes.push(performance.now() - start);
}
readyTimes.sort((a, b) => a - b);
const engine = await loadEngine(bytes, layouts);
engine.openShipped("hu-touch");
const byName = new Map(engine.view().rows.flat().map((key) => [key.name, key.key]));
// "Győr és a szél" typed as hu-touch types it: letters, then the accent key after its letter.
const names = "g y o ˝ r ␣ e ´ s ␣ a ␣ s z e ´ l ␣ ö ⌫ o ¨ r ö m ␣ f u ˝ ⌫".split(" ");
const keys = names.map((name) => byName.get(name) ?? byName.get("o"));

function measure(name, events, run) {
  let rounds = 1;
  let elapsed = 0;
  for (;;) {
    const start = performance.now();
    run(rounds);
    elapsed = performance.now() - start;
    if (elapsed > 200 || rounds > 1 << 24) break;
    rounds *= 2;
  }
  const samples = [];
  for (let sample = 0; sample < 5; sample++) {
    const start = performance.now();
    run(rounds);
    samples.push(((performance.now() - start) * 1e6) / (rounds * events));
  }
  samples.sort((a, b) => a - b);
  return { name, nsPerEvent: samples[2], spread: samples[4] - samples[0], events: rounds * events };
}

const results = [
  measure("wasm/hu-touch key event (inside the .wasm)", keys.length, (rounds) => engine.benchTaps(keys, rounds)),
  measure("wasm/hu-touch key event (bridge: tap + JSON)", keys.length, (rounds) => {
    for (let round = 0; round < rounds; round++) {
      engine.setContext("");
      for (const key of keys) engine.tap(key);
    }
  }),
];
const ready = { name: "wasm/ready: instantiate, open hu-touch, view", ms: readyTimes[10], runs: 20 };
if (format === "--json") {
  console.log(JSON.stringify([...results, ready]));
} else {
  for (const result of results) {
    console.log(
      `${result.name.padEnd(48)} ${result.nsPerEvent.toFixed(1).padStart(9)} ns/event  ${result.events} events  ±${result.spread.toFixed(1)}`,
    );
  }
  console.log(`${ready.name.padEnd(48)} ${ready.ms.toFixed(2).padStart(9)} ms (median of ${ready.runs})`);
}
