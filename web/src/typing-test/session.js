/**
 * The typing test's flow, as text-entry studies run one (MacKenzie's TextTest, the Aalto
 * typing test): setup, the screen's scale, then for each layout in a counterbalanced order a
 * practice block and a test block of phrases, one at a time, and at the end the measures side
 * by side and the log to download. docs/typing-test.md describes it all.
 *
 * Each phrase shows above the text field; the participant types it on the layout's keys and
 * goes on with the keyboard's return key or the Next button. Turning the device while a phrase
 * is typed starts that phrase again (the keys change size). Nothing is sent anywhere: the
 * page loads its own files (the phrases and plans among them) and no more.
 *
 * For tests, `globalThis.typingTest` is this object: `current` is the phrase being typed
 * (`layout`, `target`, `alignment` with the plan's states) and `log` the log so far.
 */

import { TouchRecorder } from "./touch-recorder.js";
import { PlanAlignment, shownState } from "./intended.js";
import { SessionLog, orientation } from "./log.js";
import { phraseMeasures } from "./measures.js";
import { seedOf, layoutOrder, dealPhrases } from "./order.js";
import { showSetup } from "./setup-screen.js";
import { showScale } from "./scale-screen.js";
import { showResults } from "./results-screen.js";

let running = null;

/** Starts the typing test on the page (once). */
export function startTypingTest(app) {
  if (!running) running = new TypingTest(app).run();
  return running;
}

async function fetchJSON(name) {
  const response = await fetch(new URL(name, import.meta.url));
  if (!response.ok) throw new Error(`${name}: ${response.status} ${response.statusText}`);
  return response.json();
}

class TypingTest {
  constructor(app) {
    this.app = app;
    this.current = null;
    this.log = null;
    globalThis.typingTest = this;
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = new URL("typing-test.css", import.meta.url).href;
    document.head.append(style);
    this.screen = document.createElement("section");
    this.screen.className = "test-screen";
    this.screen.setAttribute("aria-label", "Typing test");
    this.panel = document.createElement("section");
    this.panel.className = "test-panel";
    this.panel.setAttribute("aria-label", "Phrase to type");
    this.status = document.createElement("p");
    this.status.className = "test-status";
    this.status.setAttribute("aria-live", "polite");
    this.phrase = document.createElement("p");
    this.phrase.className = "test-phrase";
    this.phrase.id = "test-phrase";
    this.nextButton = document.createElement("button");
    this.nextButton.type = "button";
    this.nextButton.id = "test-next";
    this.nextButton.className = "test-button primary";
    this.nextButton.textContent = "Next";
    this.nextButton.addEventListener("click", () => this.next());
    this.panel.append(this.status, this.phrase, this.nextButton);
    app.field.before(this.panel);
    document.body.append(this.screen);
    document.body.classList.add("typing-test", "test-screen-shown");
    this.recorder = new TouchRecorder(app, {
      touchStarted: (record) => this.touchStarted(record),
      touchEnded: (touch) => this.current && this.current.touches.push(touch),
    });
    app.observer = {
      gesture: (kind, key, choice) => this.recorder.gesture(kind, key, choice),
      popupOpened: (key) => this.recorder.popupOpened(key),
      intercept: (key) => this.intercept(key),
    };
    addEventListener("resize", () => this.checkOrientation());
  }

  async run() {
    const app = this.app;
    const plans = await fetchJSON("plans.json");
    const byLanguage = {};
    for (const layout of app.engine.layouts()) {
      if (!plans[layout.id]) continue;
      (byLanguage[layout.locale] = byLanguage[layout.locale] || []).push(layout);
    }
    const setup = await showSetup(this.screen, byLanguage);
    const phrases = (await fetchJSON(`phrases/${setup.language}.json`)).phrases;
    const scale = await showScale(this.screen);
    const seed = seedOf(setup.participant);
    const order = layoutOrder(setup.layouts, seed);
    const dealt = dealPhrases(phrases, order, setup.practice, setup.test, seed);
    this.log = new SessionLog({ ...setup, ...scale, layoutOrder: order, seed });
    document.body.classList.remove("test-screen-shown");
    for (const [number, id] of order.entries()) {
      app.openLayout(id);
      this.log.addLayout(app.engine.layout(), setup.language);
      for (const block of ["practice", "test"]) {
        const targets = dealt[id][block];
        for (const [index, target] of targets.entries()) {
          this.status.textContent = `Layout ${number + 1} of ${order.length} (${id}) · ${block} ${index + 1} of ${targets.length}`;
          await this.typePhrase({ layout: id, block, index, target, plan: plans[id][target] });
        }
      }
    }
    this.current = null;
    this.recorder.enabled = false;
    app.observer = null;
    document.body.classList.add("test-screen-shown");
    showResults(this.screen, this.log.document, () => this.log.download());
    document.documentElement.dataset.testDone = "true";
  }

  /** Shows one phrase and resolves when the participant goes on. */
  typePhrase(phrase) {
    return new Promise((resolve) => {
      this.current = { ...phrase, touches: [], resolve };
      this.begin();
    });
  }

  /** (Re)starts the current phrase: the plan replayed, the layout fresh, the field empty. */
  begin() {
    const app = this.app;
    const current = this.current;
    // The plan is replayed on the layout just opened, then the layout opens afresh for typing.
    app.openLayout(current.layout);
    current.alignment = new PlanAlignment(app.engine, current.plan);
    app.openLayout(current.layout);
    current.backspaceKeys = new Set(app.engine.view().rows.flat().filter((key) => key.role === "backspace").map((key) => key.key));
    current.touches = [];
    current.orientation = orientation();
    this.recorder.reset();
    this.recorder.enabled = true;
    app.field.value = "";
    app.field.focus({ preventScroll: true });
    app.field.setSelectionRange(0, 0);
    this.phrase.textContent = current.target;
    this.phrase.lang = this.log.document.layouts.at(-1).language;
    this.log.noteShownLayer(current.layout, app.view);
  }

  touchStarted(record) {
    const current = this.current;
    if (!current) return;
    const view = this.app.view;
    this.log.noteShownLayer(current.layout, view);
    record.intended = current.alignment.intended(record.textBefore, shownState(view.currentView), record.key);
  }

  /** The return key means "next phrase" during the test. */
  intercept(key) {
    const drawn = this.app.view.key(key);
    if (!this.current || !drawn || drawn.role !== "return") return false;
    this.next();
    return true;
  }

  /** Ends the phrase (when something was typed) and goes on. */
  next() {
    const current = this.current;
    if (!current) return;
    const result = this.app.field.value.normalize("NFC");
    if (!result) return;
    this.current = null;
    this.recorder.reset();
    this.recorder.enabled = false;
    const { layout, block, index, target, orientation: turned, plan, touches } = current;
    const measures = phraseMeasures({ target, result, touches }, current.backspaceKeys);
    this.log.addPhrase({ layout, block, index, target, result, orientation: turned, plan, touches, measures });
    current.resolve();
  }

  /** A phrase typed partly in one orientation and partly in the other starts again. */
  checkOrientation() {
    const current = this.current;
    if (!current || orientation() === current.orientation) return;
    this.begin();
    this.status.textContent += " · the screen turned: the phrase starts again";
  }
}
