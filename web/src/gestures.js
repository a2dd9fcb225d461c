/**
 * Pointer events (touch, pen, mouse) on the keyboard become key gestures: a tap, a
 * long-press with a choice from the popup, a multi-tap, a flick, and key repeat on a held
 * backspace. What a gesture types is the engine's business; this module only reads the
 * gestures a key offers from the engine's view (`longPress`, `multiTap`, `flicks`) and says
 * which one the finger made, through the `on*` callbacks given to it.
 *
 * As on a phone: a key types when the finger lifts, on the key under the finger then (a
 * finger that slides to the next key types that one); a second finger on another key
 * first types the key of the first; holding a key with alternates for `longPressMs`
 * opens its popup, sliding picks an alternate and lifting types it (lifting off the popup
 * types nothing); backspace acts when pressed and repeats while held; shift and layer keys
 * act when pressed. Keyboard focus never moves to the keys on a pointer press, so the text
 * field keeps its caret and the phone's own keyboard does not pop up.
 *
 * Keyboard users reach every key with Tab; Enter or Space on a focused key taps it, and
 * Alt+↑ (or the context-menu key) opens its popup, where ← → choose, Enter types and
 * Escape closes.
 */

import { KeyboardView } from "./keyboard-view.js";

/** How long a key is held before its alternates show (ms). */
export const longPressMs = 400;
/** The longest pause between the taps of a multi-tap (ms). */
export const multiTapMs = 600;
/** Backspace repeats after this hold (ms), then at this interval (ms). */
export const repeatDelayMs = 450;
export const repeatIntervalMs = 80;

const compass = ["e", "ne", "n", "nw", "w", "sw", "s", "se"];

export class GestureInput {
  /**
   * @param {import("./keyboard-view.js").KeyboardView} view
   * @param {{onTap(key), onMultiTap(key, count, before), onLongPress(key, index), onFlick(key, directions), onRepeat(key), onPopupOpen?(key)}} handlers
   *   `onMultiTap` gets what `onTap` returned for the run's first tap (the host's text
   *   before it, to put back).
   */
  constructor(view, handlers) {
    this.view = view;
    this.handlers = handlers;
    this.pointers = new Map();
    this.lastTap = null;
    this.keyboardPopup = null;
    const element = view.container;
    element.addEventListener("pointerdown", (event) => this.down(event));
    element.addEventListener("pointermove", (event) => this.move(event));
    element.addEventListener("pointerup", (event) => this.up(event));
    element.addEventListener("pointercancel", (event) => this.cancel(event));
    element.addEventListener("lostpointercapture", (event) => this.cancel(event));
    // A press on a key must not move focus off the text field (or blur it and pop the
    // phone's own keyboard when it comes back).
    element.addEventListener("mousedown", (event) => event.preventDefault());
    element.addEventListener("contextmenu", (event) => event.preventDefault());
    element.addEventListener("click", (event) => this.click(event));
    element.addEventListener("keydown", (event) => this.keydown(event));
  }

  /** Ends every gesture under way, typing nothing (a new layout, a hidden keyboard). */
  reset() {
    for (const state of this.pointers.values()) this.clearTimers(state);
    this.pointers.clear();
    this.view.hidePopup();
    this.view.hidePreview();
    this.keyboardPopup = null;
    this.lastTap = null;
  }

  down(event) {
    const id = this.view.keyOf(event.target);
    if (id === null || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    const key = this.view.key(id);
    if (!key) return;
    try {
      this.view.container.setPointerCapture(event.pointerId);
    } catch (_) {
      // A synthetic pointer may have nothing to capture: the events still come here.
    }
    // A second finger: the first finger's key types now, as on a phone.
    for (const [pointerId, other] of this.pointers) {
      if (!other.popupOpen && !other.acted) this.finish(pointerId, other, other.current);
    }
    const state = {
      key: id,
      current: id,
      startX: event.clientX,
      startY: event.clientY,
      directions: [],
      turnX: event.clientX,
      turnY: event.clientY,
      popupOpen: false,
      acted: false,
      timers: [],
    };
    this.pointers.set(event.pointerId, state);
    this.view.setPressed(id, true);
    if (key.role === "backspace") {
      state.acted = true;
      this.handlers.onTap(id);
      this.lastTap = null;
      state.timers.push(
        setTimeout(() => {
          state.repeat = setInterval(() => this.handlers.onRepeat(id), repeatIntervalMs);
          this.handlers.onRepeat(id);
        }, repeatDelayMs)
      );
      return;
    }
    if (key.role === "shift" || key.role === "layer") {
      state.acted = true;
      this.handlers.onTap(id);
      this.lastTap = null;
      return;
    }
    this.view.showPreview(id);
    if (key.longPress && key.longPress.length) {
      state.timers.push(setTimeout(() => this.openPopup(state), longPressMs));
    }
  }

  openPopup(state) {
    const key = this.view.key(state.key);
    if (!key || state.directions.length) return;
    state.popupOpen = true;
    this.view.showPopup(state.key, KeyboardView.defaultChoice(key));
    if (this.handlers.onPopupOpen) this.handlers.onPopupOpen(state.key);
  }

  move(event) {
    const state = this.pointers.get(event.pointerId);
    if (!state || state.acted) return;
    if (state.popupOpen) {
      this.view.selectChoice(this.view.choiceAt(event.clientX, event.clientY));
      return;
    }
    const key = this.view.key(state.key);
    if (key.flicks && key.flicks.length) {
      this.trackFlick(state, event);
      if (state.directions.length) return;
    }
    const under = this.view.keyAt(event.clientX, event.clientY);
    if (under !== null && under !== state.current) {
      // Sliding to another key: that key types on lift, and a long-press starts over.
      this.view.setPressed(state.current, false);
      this.clearTimers(state);
      state.current = under;
      state.key = under;
      this.view.setPressed(under, true);
      this.view.showPreview(under);
      const next = this.view.key(under);
      if (next.longPress && next.longPress.length) {
        state.timers.push(setTimeout(() => this.openPopup(state), longPressMs));
      }
    }
  }

  /**
   * Adds a compass direction when the finger has gone far enough (under half the key's
   * smaller side) from where the last direction was taken. Going on the same way moves
   * that point along; a turn by only 45° must go twice as far, so rounding a corner
   * (right, then down) gives `e,s`, not `e,se,s`.
   */
  trackFlick(state, event) {
    const button = this.view.button(state.key);
    const side = button ? Math.min(button.offsetWidth, button.offsetHeight) : 30;
    const threshold = Math.max(12, side * 0.45);
    const dx = event.clientX - state.turnX;
    const dy = event.clientY - state.turnY;
    const distance = Math.hypot(dx, dy);
    if (distance < threshold / 2) return;
    const step = (Math.round(Math.atan2(-dy, dx) / (Math.PI / 4)) + 8) % 8;
    const direction = compass[step];
    const last = state.directions[state.directions.length - 1];
    if (direction === last) {
      state.turnX = event.clientX;
      state.turnY = event.clientY;
      return;
    }
    if (distance < threshold) return;
    const turn = last === undefined ? 4 : Math.abs(((step - compass.indexOf(last) + 12) % 8) - 4);
    if (turn === 1 && distance < threshold * 2) return;
    if (state.directions.length < 7) state.directions.push(direction);
    state.turnX = event.clientX;
    state.turnY = event.clientY;
    this.clearTimers(state);
    this.view.hidePreview();
  }

  up(event) {
    const state = this.pointers.get(event.pointerId);
    if (!state) return;
    this.pointers.delete(event.pointerId);
    if (state.popupOpen) {
      const choice = this.view.choiceAt(event.clientX, event.clientY);
      this.view.hidePopup();
      this.clearTimers(state);
      this.view.setPressed(state.key, false);
      if (choice !== null) {
        this.handlers.onLongPress(state.key, choice);
      }
      this.lastTap = null;
      return;
    }
    this.finish(event.pointerId, state, state.current);
  }

  /** Ends a pointer's gesture by typing what it made on `id`. */
  finish(pointerId, state, id) {
    this.pointers.delete(pointerId);
    this.clearTimers(state);
    if (!state.acted) {
      state.acted = true;
      if (state.directions.length) {
        this.handlers.onFlick(id, state.directions.join(","));
        this.lastTap = null;
      } else {
        this.tap(id);
      }
    }
    // The key lets go after its text is in: the text does not wait for the page's layout.
    this.view.setPressed(state.current, false);
    this.view.hidePreview();
  }

  /** A tap, or the next tap of a multi-tap when the key offers one and was tapped just now. */
  tap(id) {
    const key = this.view.key(id);
    const now = performance.now();
    const run = this.lastTap;
    if (key && key.multiTap && key.multiTap.length && run && run.key === id && now - run.time <= multiTapMs) {
      run.count += 1;
      run.time = now;
      this.handlers.onMultiTap(id, run.count, run.before);
      return;
    }
    const before = this.handlers.onTap(id);
    this.lastTap = key && key.multiTap && key.multiTap.length ? { key: id, time: now, count: 1, before } : null;
  }

  cancel(event) {
    const state = this.pointers.get(event.pointerId);
    if (!state) return;
    // Lifting after a capture ended normally comes as `pointerup` first; anything else
    // (the browser took the pointer for a scroll) types nothing.
    this.pointers.delete(event.pointerId);
    this.clearTimers(state);
    this.view.setPressed(state.current, false);
    this.view.hidePopup();
    this.view.hidePreview();
  }

  clearTimers(state) {
    for (const timer of state.timers) clearTimeout(timer);
    state.timers = [];
    if (state.repeat) clearInterval(state.repeat);
    state.repeat = null;
  }

  /** Enter or Space on a focused key (a click with no pointer behind it) taps it. */
  click(event) {
    if (event.detail !== 0) return;
    const id = this.view.keyOf(event.target);
    if (id === null) return;
    event.preventDefault();
    this.lastTap = null;
    this.handlers.onTap(id);
    this.view.button(id)?.focus();
  }

  /** The keyboard's way to the popup: Alt+↑ or the context-menu key opens it. */
  keydown(event) {
    const open = this.keyboardPopup;
    if (open) {
      const count = this.view.key(open.key).longPress.length;
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        open.index = (open.index + (event.key === "ArrowLeft" ? count - 1 : 1)) % count;
        this.view.selectChoice(open.index);
      } else if (event.key === "Enter" || event.key === " ") {
        this.keyboardPopup = null;
        this.view.hidePopup();
        this.handlers.onLongPress(open.key, open.index);
        this.view.button(open.key)?.focus();
      } else if (event.key === "Escape" || event.key === "Tab") {
        this.keyboardPopup = null;
        this.view.hidePopup();
        if (event.key === "Tab") return;
      } else {
        return;
      }
      event.preventDefault();
      return;
    }
    if ((event.altKey && event.key === "ArrowUp") || event.key === "ContextMenu") {
      const id = this.view.keyOf(event.target);
      const key = id === null ? null : this.view.key(id);
      if (!key || !key.longPress || !key.longPress.length) return;
      event.preventDefault();
      const index = KeyboardView.defaultChoice(key);
      this.view.showPopup(id, index);
      this.keyboardPopup = { key: id, index };
    }
  }
}
