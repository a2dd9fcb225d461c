/**
 * The session's log, exactly in the shape of docs/typing-log.schema.json (format
 * `kbdsim-typing-log`, version 1): the device, the settings, every layout's keys as drawn on
 * every layer the participant saw, and every phrase with its touches and measures. It is
 * kept in memory and leaves the device only when the participant downloads it (a Blob and an
 * `<a download>`): the page sends nothing anywhere.
 */

import { KeyboardView } from "../keyboard-view.js";
import { longPressMs } from "../gestures.js";

/** The log's key roles; the engine's others (`deadKey`, `text`) are `other`. */
const roles = new Set(["letter", "accent", "backspace", "shift", "layer", "space", "return"]);

/** `portrait` or `landscape`, from the screen's orientation or the viewport's shape. */
export function orientation() {
  const type = globalThis.screen && screen.orientation && screen.orientation.type;
  if (type) return type.startsWith("landscape") ? "landscape" : "portrait";
  return innerWidth > innerHeight ? "landscape" : "portrait";
}

const round = (value) => Math.round(value * 1000) / 1000;

export class SessionLog {
  /**
   * @param {{participant: string, posture: string, pxPerMm: number, pxPerMmSource: string, layoutOrder: string[], practice: number, test: number, seed: number}} settings
   */
  constructor(settings) {
    this.pxPerMm = settings.pxPerMm;
    this.document = {
      format: "kbdsim-typing-log",
      version: 1,
      createdAt: new Date().toISOString(),
      page: { engine: "postfix-accent-keyboard web page, engine.wasm (Embedded Swift)" },
      participant: { id: settings.participant, posture: settings.posture },
      device: {
        userAgent: navigator.userAgent,
        screenPx: { width: screen.width, height: screen.height },
        viewportPx: { width: innerWidth, height: innerHeight },
        devicePixelRatio: globalThis.devicePixelRatio || 1,
        pxPerMm: settings.pxPerMm,
        pxPerMmSource: settings.pxPerMmSource,
        orientation: orientation(),
      },
      settings: {
        layoutOrder: settings.layoutOrder,
        practicePhrases: settings.practice,
        testPhrases: settings.test,
        longPressMs,
        seed: settings.seed,
      },
      layouts: [],
      phrases: [],
    };
    this.seenLayers = new Set();
  }

  /** Adds a layout (`engine.layout()`), its keys to come as its layers are seen. */
  addLayout(layout, language) {
    this.document.layouts.push({ id: layout.id, name: layout.name, language, keyboardPx: { width: 0, height: 0 }, keys: [] });
  }

  /**
   * Records the keys of the layer `view` shows now, as drawn, the first time this layout's
   * layer is seen (the positions relative to the keyboard's drawn area).
   * @param {string} layoutId
   * @param {KeyboardView} view
   */
  noteShownLayer(layoutId, view) {
    const shown = view.currentView;
    if (!shown) return;
    const layer = KeyboardView.shownLayer(shown);
    const seen = `${layoutId}\n${layer}`;
    if (this.seenLayers.has(seen)) return;
    const entry = this.document.layouts.find((layout) => layout.id === layoutId);
    if (!entry) return;
    this.seenLayers.add(seen);
    const area = view.container.getBoundingClientRect();
    entry.keyboardPx = { width: round(area.width), height: round(area.height) };
    for (const key of shown.rows.flat()) {
      const button = view.button(key.key);
      if (!button) continue;
      const box = button.getBoundingClientRect();
      const rectPx = { x: round(box.left - area.left), y: round(box.top - area.top), width: round(box.width), height: round(box.height) };
      const record = {
        key: key.key,
        layer,
        name: key.name,
        label: String(key.label ?? key.name ?? ""),
        role: roles.has(key.role) ? key.role : "other",
        rectPx,
        rectMm: Object.fromEntries(Object.entries(rectPx).map(([name, value]) => [name, round(value / this.pxPerMm)])),
      };
      if (key.longPress && key.longPress.length) {
        record.longPressCount = key.longPress.length;
        record.longPressDefault = KeyboardView.defaultChoice(key);
      }
      entry.keys.push(record);
    }
  }

  /** Adds a finished phrase (the log's `phrase` shape). */
  addPhrase(phrase) {
    this.document.phrases.push(phrase);
  }

  /** The log as JSON text. */
  text() {
    return JSON.stringify(this.document, null, 1) + "\n";
  }

  /** The download's file name: the participant code and the session's date. */
  fileName() {
    const date = this.document.createdAt.slice(0, 10);
    const code = this.document.participant.id.replace(/[^A-Za-z0-9_-]+/g, "_");
    return `typing-log-${code}-${date}.json`;
  }

  /** Saves the log on the device: a Blob behind an `<a download>`, clicked. */
  download() {
    const url = URL.createObjectURL(new Blob([this.text()], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = this.fileName();
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
}
