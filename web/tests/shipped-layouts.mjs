// The shipped layouts for the engine in Node: what web/build.sh writes as layouts.json (layout
// id → the file), read from the repository's Layouts/ folder.
import { readdirSync, readFileSync } from "node:fs";

/** @returns {Record<string, string>} layout id → the text of `Layouts/ID.json` */
export function shippedLayouts(folder = new URL("../../Layouts/", import.meta.url)) {
  const layouts = {};
  for (const name of readdirSync(folder).sort()) {
    if (name.endsWith(".json")) layouts[name.slice(0, -5)] = readFileSync(new URL(name, folder), "utf8");
  }
  return layouts;
}
