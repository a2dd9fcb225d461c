/**
 * The text host: the `<textarea>` the keyboard types into, as IBus is a host of the
 * session. Before a key it hands the engine the text before the caret; after it, it
 * applies the engine's `Edit` exactly as it says: delete `deleteCount` Unicode scalars
 * (code points, not UTF-16 units) before the caret, insert `insert`, leave the caret
 * after the insert, and fire an `input` event as typing does.
 *
 * Text typed with the device's own keyboard, pasted, or with the caret moved elsewhere is
 * read afresh before every key, so accents and backspace work on it too, NFC or NFD.
 */

/**
 * How much of the text before the caret goes to the engine (UTF-16 units). The engine
 * needs the last graphemes only; a long text is not copied into the engine on every key.
 */
const contextLength = 256;

export class TextHost {
  /** @param {HTMLTextAreaElement} field */
  constructor(field) {
    this.field = field;
  }

  /** Whether text is selected. */
  hasSelection() {
    return this.field.selectionStart !== this.field.selectionEnd;
  }

  /**
   * Deletes the selection, if any, as typing over it does; says whether there was one.
   * Fires an `input` event when it deleted something.
   */
  deleteSelection() {
    const field = this.field;
    const { selectionStart: start, selectionEnd: end } = field;
    if (start === end) return false;
    field.setRangeText("", start, end, "end");
    this.changed("deleteContentBackward", null);
    return true;
  }

  /** The text before the caret (its last `contextLength` units, not cut inside a pair). */
  contextBeforeCaret() {
    const field = this.field;
    const caret = field.selectionStart;
    let start = Math.max(0, caret - contextLength);
    if (start > 0 && isLowSurrogate(field.value.charCodeAt(start))) start += 1;
    return field.value.slice(start, caret);
  }

  /**
   * Applies an engine `Edit` at the caret. Returns true when the text changed.
   * @param {{deleteCount:number, insert:string}} edit
   */
  apply(edit) {
    if (!edit || (!edit.deleteCount && !edit.insert)) return false;
    const field = this.field;
    const value = field.value;
    const caret = field.selectionEnd;
    let start = field.selectionStart;
    for (let n = 0; n < edit.deleteCount && start > 0; n += 1) {
      start -= 1;
      if (start > 0 && isLowSurrogate(value.charCodeAt(start)) && isHighSurrogate(value.charCodeAt(start - 1))) {
        start -= 1;
      }
    }
    field.setRangeText(edit.insert || "", start, caret, "end");
    if (caret === value.length) field.scrollTop = field.scrollHeight;
    this.changed(edit.insert ? "insertText" : "deleteContentBackward", edit.insert || null);
    return true;
  }

  /** The text and the selection, to put back (a multi-tap's second tap undoes the first). */
  snapshot() {
    const field = this.field;
    return { value: field.value, start: field.selectionStart, end: field.selectionEnd };
  }

  /** Puts back a `snapshot()`. */
  restore(snapshot) {
    const field = this.field;
    field.value = snapshot.value;
    field.setSelectionRange(snapshot.start, snapshot.end);
  }

  /** Tells listeners the text changed, as the browser does for typed text. */
  changed(inputType, data) {
    const event =
      typeof InputEvent === "function"
        ? new InputEvent("input", { bubbles: true, inputType, data })
        : new Event("input", { bubbles: true });
    this.field.dispatchEvent(event);
  }
}

function isLowSurrogate(code) {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isHighSurrogate(code) {
  return code >= 0xd800 && code <= 0xdbff;
}
