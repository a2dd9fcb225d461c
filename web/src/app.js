/**
 * The app: loads the engine (WebAssembly) and wires the parts of the page together, the
 * way every host does the same three things: map an input to a layout key (gestures.js),
 * hand the key to the session (engine.js), apply the `Edit` to the text it holds
 * (text-host.js). The keyboard is drawn by keyboard-view.js, layouts are chosen in
 * layout-picker.js; this file holds no language logic either.
 *
 * Before every key that can change text, the selection (if any) is deleted and the text
 * before the caret becomes the session's context, so the engine works on whatever the
 * field holds: typed here, typed with the device's own keyboard, pasted, NFC or NFD.
 *
 * For tests and benchmarks the page marks itself ready (`<html data-ready="true">`,
 * `window.keyboardApp.readyAt`) and keeps, for the last 1000 keys, the time from the key's
 * pointer event reaching the page to its text being in the field and the keyboard redrawn
 * (`keyTimes`), and the same from the event's own time stamp (`eventTimes`: with the
 * browser's delivery of the input, which waits for the next frame).
 *
 * The typing test (`?mode=test`, or the bar's "Typing test" button; web/src/typing-test/) is
 * loaded only then. It sees the page through `keyboardApp`: the engine, view, host and field,
 * `openLayout(id)`, and `observer`, which it sets to hear each gesture the keys made
 * (`gesture(kind, key, choice)`), each long-press popup opening (`popupOpened(key)`), and to
 * take the return key for "next phrase" (`intercept(key)` returns true when it took it).
 */

import { loadEngine } from "./engine.js";
import { KeyboardView } from "./keyboard-view.js";
import { GestureInput } from "./gestures.js";
import { TextHost } from "./text-host.js";
import { LayoutPicker } from "./layout-picker.js";

/** The layout shown when the address names none. */
const defaultLayout = "hu-touch";
/** Where the text is kept across reloads of this tab, so a reload loses nothing. */
const storageKey = "postfix-keyboard.text";
/** Where the backspace choice is kept, as the text is. */
const backspaceKey = "postfix-keyboard.backspace";

/** A value kept in the tab's session storage, or null (storage may be off in private mode). */
function kept(key) {
  try {
    return sessionStorage.getItem(key);
  } catch (_) {
    return null;
  }
}

function keep(key, value) {
  try {
    sessionStorage.setItem(key, value);
  } catch (_) {
    // Without storage the value lives as long as the page.
  }
}

const $ = (id) => document.getElementById(id);

const app = {
  readyAt: null,
  keyTimes: [],
  eventTimes: [],
  engine: null,
  observer: null,
};
globalThis.keyboardApp = app;

/** A plain message in place of the keyboard, when there can be none. */
function fatal(text) {
  const keyboard = $("keyboard");
  keyboard.removeAttribute("aria-busy");
  const message = document.createElement("p");
  message.className = "fatal";
  message.textContent = text;
  keyboard.replaceChildren(message);
  document.documentElement.dataset.ready = "failed";
}

async function start() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fatal("This browser cannot run WebAssembly, which the keyboard's engine needs. Try a current browser.");
    return;
  }
  let engine;
  try {
    engine = await loadEngine(
      new URL("engine.wasm", import.meta.url).href,
      new URL("layouts.json", import.meta.url).href,
    );
  } catch (error) {
    fatal(`The keyboard's engine did not load: ${error && error.message ? error.message : error}`);
    return;
  }
  app.engine = engine;

  const field = $("text");
  const host = new TextHost(field);
  const view = new KeyboardView($("keyboard"));
  const legend = $("legend");
  const backspaceMode = $("backspace-mode");
  let chosenBackspace = null;
  let pointerTime = null;
  let pointerStamp = null;

  const keptText = kept(storageKey);
  if (keptText && !field.value) field.value = keptText;
  field.addEventListener("input", () => keep(storageKey, field.value));
  const keptBackspace = kept(backspaceKey);
  if (keptBackspace === "accent" || keptBackspace === "grapheme") chosenBackspace = keptBackspace;

  /** Redraws the keyboard when the engine's state changed what it shows. */
  function redraw(force = false) {
    view.render(engine.view(), force);
  }

  /**
   * Runs one key: the field's text goes to the engine first, then `send()` (the engine
   * call) gives the Edit, which the field applies; then the keyboard shows the new state.
   */
  function act(id, send) {
    const key = view.key(id);
    if (!key) return;
    const active = document.activeElement;
    if (active !== field && !view.container.contains(active)) field.focus({ preventScroll: true });
    const changesText = key.role !== "shift" && key.role !== "layer";
    if (changesText) {
      if (host.deleteSelection() && key.role === "backspace") {
        finishKey();
        return;
      }
      engine.setContext(host.contextBeforeCaret());
    }
    host.apply(send());
    finishKey();
  }

  function finishKey() {
    redraw();
    if (pointerTime !== null) {
      const now = performance.now();
      app.keyTimes.push(now - pointerTime);
      app.eventTimes.push(now - pointerStamp);
      if (app.keyTimes.length > 1000) app.keyTimes.shift();
      if (app.eventTimes.length > 1000) app.eventTimes.shift();
      pointerTime = null;
    }
  }

  // The time a key's pointer event came, for the tap-to-text figure.
  for (const type of ["pointerdown", "pointerup"]) {
    view.container.addEventListener(
      type,
      (event) => {
        pointerTime = performance.now();
        pointerStamp = event.timeStamp;
      },
      true
    );
  }

  /** Tells the typing test, when one runs, what a gesture made. */
  function observe(kind, id, choice = null) {
    if (app.observer) app.observer.gesture(kind, id, choice);
  }

  const gestures = new GestureInput(view, {
    onTap(id) {
      if (app.observer && app.observer.intercept(id)) return null;
      const before = host.snapshot();
      act(id, () => engine.tap(id));
      observe("tap", id);
      return before;
    },
    onRepeat(id) {
      act(id, () => engine.tap(id));
    },
    onMultiTap(id, count, before) {
      host.restore(before);
      act(id, () => engine.multiTap(id, count));
      observe("multi-tap", id, count);
    },
    onLongPress(id, index) {
      act(id, () => engine.longPress(id, index));
      observe("long-press", id, index);
    },
    onFlick(id, directions) {
      act(id, () => engine.flick(id, directions));
      observe("flick", id);
    },
    onPopupOpen(id) {
      if (app.observer) app.observer.popupOpened(id);
    },
  });

  /**
   * One line on what the accent keys do, typed after the letter: the engine's example for each
   * accent key (`u ˝ → ű`), with the accent's name as its title and spoken label.
   * Which letters take an accent is the engine's business: the page only shows its answer.
   */
  function showLegend(layout) {
    legend.replaceChildren();
    if (!layout.accents.length) {
      legend.textContent = "No accent keys: hold a letter for its alternates.";
      return;
    }
    const label = document.createElement("span");
    label.className = "legend-title";
    label.textContent = "After a letter:";
    legend.append(label);
    for (const accent of layout.accents) {
      const item = document.createElement("span");
      item.className = "legend-item";
      const name = accent.description || accent.name;
      const symbol = document.createElement("b");
      symbol.textContent = accent.symbol;
      const examples = accent.examples || [];
      if (examples.length) {
        // Short enough for a phone's width: `u ˝ → ű`, the accent's name said and shown on hover.
        const { letter, accented } = examples[0];
        item.title = name;
        item.setAttribute("aria-label", `${name}: ${letter} then ${accent.symbol} gives ${accented}`);
        item.append(`${letter} `, symbol, ` → ${accented}`);
      } else {
        item.append(symbol, ` ${name}`);
      }
      legend.append(" ", item);
    }
  }

  function layoutChanged() {
    gestures.reset();
    if (chosenBackspace) engine.setBackspace(chosenBackspace);
    const layout = engine.layout();
    view.setLayout(layout);
    backspaceMode.value = chosenBackspace || layout.backspace;
    showLegend(layout);
    document.title = `${layout.name} — postfix-accent keyboard`;
    redraw(true);
  }

  backspaceMode.addEventListener("change", () => {
    chosenBackspace = backspaceMode.value;
    engine.setBackspace(chosenBackspace);
    keep(backspaceKey, chosenBackspace);
  });

  // The device's own keyboard, for whoever wants it: our keys hide, the field takes the
  // system's keyboard; once more and ours come back (the field keeps its text and caret).
  const systemKeyboard = $("system-keyboard");
  systemKeyboard.addEventListener("click", () => {
    const on = systemKeyboard.getAttribute("aria-pressed") !== "true";
    systemKeyboard.setAttribute("aria-pressed", on ? "true" : "false");
    gestures.reset();
    field.blur();
    field.inputMode = on ? "text" : "none";
    document.body.classList.toggle("system-keyboard", on);
    field.focus({ preventScroll: true });
    if (!on) view.fit();
  });

  const picker = new LayoutPicker(
    engine,
    {
      select: $("layout-picker"),
      openButton: $("open-file"),
      fileInput: $("layout-file"),
      messages: $("messages"),
      dropTarget: document.body,
    },
    layoutChanged
  );
  app.picker = picker;
  picker.openInitial(defaultLayout);
  Object.assign(app, { view, host, field, gestures, openLayout: (id) => picker.openShipped(id, false) });

  let fitting = 0;
  const refit = () => {
    cancelAnimationFrame(fitting);
    fitting = requestAnimationFrame(() => view.fit());
  };
  addEventListener("resize", refit);
  if (globalThis.visualViewport) visualViewport.addEventListener("resize", refit);

  field.focus({ preventScroll: true });
  field.setSelectionRange(field.value.length, field.value.length);
  app.readyAt = performance.now();
  document.documentElement.dataset.ready = "true";
  dispatchEvent(new Event("keyboard-ready"));
  setTimeout(() => picker.fillList(), 0);

  // The typing test: its modules load only when it is asked for.
  const startTest = () => import("./typing-test/session.js").then((module) => module.startTypingTest(app));
  $("typing-test").addEventListener("click", () => {
    const url = new URL(location.href);
    url.searchParams.set("mode", "test");
    history.replaceState(null, "", url);
    startTest();
  });
  if (new URLSearchParams(location.search).get("mode") === "test") startTest();
}

start();
