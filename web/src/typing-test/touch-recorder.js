/**
 * Records every finger on the keyboard, from down to up, in the log's `touch` shape: the
 * times and positions of down and up, the key under the down position, the gesture the keys
 * made of it (from the app's `observer`), a long-press popup's opening and choice, and the
 * text before the caret before and after.
 *
 * Times are the events' own time stamps (`event.timeStamp`, on the clock of
 * `performance.now()`: when the touch happened, not when the page got to it). A popup's
 * `openedAt` is on the same clock: the down's time stamp plus the time from the page handling
 * the down to the popup opening. Positions are CSS pixels from the top-left corner of the
 * keyboard's drawn area.
 *
 * `pointerdown` is heard while it goes down to the key (the capture phase), before the keys
 * act on it (⌫, shift and layer keys act on touch-down), so `textBefore` is the text before
 * the touch; `pointerup` after the keys, so `textAfter` has what the lift typed.
 */

export class TouchRecorder {
  /**
   * @param {object} app the page's `keyboardApp`
   * @param {{touchStarted(record, event), touchEnded(record)}} listener
   */
  constructor(app, listener) {
    this.app = app;
    this.listener = listener;
    this.open = new Map();
    this.order = [];
    this.enabled = false;
    const container = app.view.container;
    container.addEventListener("pointerdown", (event) => this.down(event), true);
    container.addEventListener("pointerup", (event) => this.up(event, false));
    container.addEventListener("pointercancel", (event) => this.up(event, true));
  }

  /** Forgets every finger under way (a new phrase, a restart). */
  reset() {
    this.open.clear();
    this.order = [];
  }

  /** The event's position in the keyboard's drawn area, and its time. */
  point(event) {
    const area = this.app.view.container.getBoundingClientRect();
    return { t: event.timeStamp, x: event.clientX - area.left, y: event.clientY - area.top };
  }

  textBeforeCaret() {
    const field = this.app.field;
    return field.value.slice(0, field.selectionStart);
  }

  down(event) {
    if (!this.enabled) return;
    const view = this.app.view;
    const record = {
      down: this.point(event),
      up: null,
      key: view.keyOf(event.target),
      intended: null,
      gesture: null,
      textBefore: this.textBeforeCaret(),
      textAfter: "",
      handledAt: performance.now(),
    };
    this.open.set(event.pointerId, record);
    this.order.push(record);
    this.listener.touchStarted(record, event);
  }

  /** The first finger still down whose gesture is not known: the one the keys acted for. */
  pending() {
    return this.order.find((record) => record.up === null && record.gesture === null) ?? null;
  }

  /** From the app's observer: a gesture made on `key` (long-press: `choice`). */
  gesture(kind, key, choice) {
    const record = this.pending();
    if (!record) return;
    record.gesture = kind;
    if (kind === "long-press") {
      record.longPress = record.longPress ?? { openedAt: record.down.t, choice: null };
      record.longPress.choice = choice;
    }
  }

  /** From the app's observer: the popup of the finger's key opened. */
  popupOpened() {
    const record = this.pending();
    if (!record) return;
    record.longPress = { openedAt: record.down.t + (performance.now() - record.handledAt), choice: null };
  }

  up(event, cancelled) {
    const record = this.open.get(event.pointerId);
    if (!record) return;
    this.open.delete(event.pointerId);
    this.order = this.order.filter((other) => other !== record);
    record.up = this.point(event);
    if (cancelled && record.gesture === null) record.gesture = "cancelled";
    // A popup lifted off types nothing: still a long-press, with no choice.
    if (record.gesture === null) record.gesture = record.longPress ? "long-press" : "cancelled";
    record.textAfter = this.textBeforeCaret();
    const { handledAt, ...touch } = record;
    this.listener.touchEnded(touch);
  }
}
