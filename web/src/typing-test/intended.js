/**
 * The key a participant meant at each touch, from the phrase's plan: the keys the engine's
 * planner presses to type the phrase from an empty text (`plans.json`, written by
 * tools/generate_typing_plans.py with `kbdsim --text … --trace`; the page's engine has no
 * planner). At the start of a phrase the plan is replayed in the engine (`press(name)`) to
 * know the text and the shown layer after each step; then the layout is opened afresh.
 *
 * At a touch: if the text before the caret and the layer shown equal the state after plan
 * step j (the largest such j), the intended key is step j + 1's; else, when the touch is on
 * ⌫ (the participant fixing a text that is off the plan), the ⌫ key; else null (unknown).
 */

import { applyEdit } from "../engine.js";

/** The key name of a trace name: `o` of the long-press `o:ő`, the multi-tap `o*2`, the flick `o~n`. */
function baseName(name, shownNames) {
  if (shownNames.has(name)) return name;
  const cut = name.slice(1).search(/[:*~]/);
  return cut < 0 ? name : name.slice(0, cut + 1);
}

/** What a view shows, compared with a plan state: the layer and the shift state. */
export function shownState(view) {
  return `${view.visibleLayer ?? view.layer}/${view.shift}`;
}

export class PlanAlignment {
  /**
   * Replays `plan` (trace names) in `engine` from an empty text. The engine's state is left
   * wherever the plan ends: the caller opens the layout afresh.
   * @param {object} engine
   * @param {string[]} plan
   */
  constructor(engine, plan) {
    this.plan = plan;
    engine.setContext("");
    let text = "";
    let view = engine.view();
    this.states = [{ text, shown: shownState(view) }];
    this.keys = [];
    for (const name of plan) {
      const keys = view.rows.flat();
      const names = new Set(keys.map((key) => key.name));
      const wanted = baseName(name, names);
      const key = keys.find((candidate) => candidate.name === wanted);
      this.keys.push(key ? key.key : null);
      for (const edit of engine.press(name)) text = applyEdit(text, edit);
      view = engine.view();
      this.states.push({ text, shown: shownState(view) });
    }
    this.backspace = null;
    for (const key of engine.view().rows.flat()) if (key.role === "backspace") this.backspace = key.key;
  }

  /** The largest plan step j whose state is this text and shown layer, or -1. */
  step(text, shown) {
    const normal = text.normalize("NFC");
    for (let j = this.states.length - 1; j >= 0; j--) {
      if (this.states[j].text === normal && this.states[j].shown === shown) return j;
    }
    return -1;
  }

  /**
   * The key meant by a touch on `hitKey` made with `text` before the caret and `shown` layer.
   * @returns {number | null}
   */
  intended(text, shown, hitKey) {
    const j = this.step(text, shown);
    if (j >= 0) return j < this.keys.length ? this.keys[j] : null;
    return hitKey !== null && hitKey === this.backspace ? this.backspace : null;
  }
}
