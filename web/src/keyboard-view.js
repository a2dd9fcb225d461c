/**
 * Drawing the keyboard: the engine's `view()` (rows of keys with `x` and `width` in key
 * units) and the layout's `geometry` (millimetres) become absolutely placed `<button>`s.
 *
 * Sizes follow the file: a key unit is the keyboard's width over `unitsPerRow`, a key is
 * its width in units less the gap, and a key's left edge is its `x` in units plus half a
 * gap, so the drawn widths keep the file's proportions exactly. The gap and the row pitch
 * are millimetres at the screen's scale, taken as the file's `widthMm` across the screen's
 * short side (a phone in portrait); turned to landscape, the keys widen and the rows keep
 * to at most 42 % of the screen's height, as a phone's landscape keyboard does.
 *
 * Each key is a `<button>` whose `data-key` is the engine's key name (the name `kbdsim
 * --trace` prints) and whose `aria-label` is the engine's accessible name. The view holds
 * no language logic: labels, names and roles all come from the engine.
 *
 * The view also draws the long-press popup (alternates as `data-key="KEY:CHOICE"`) and
 * the key preview that shows above a pressed letter, so the gesture code only says what
 * to show.
 */

/** The keyboard is at most this wide (px), centred on wide screens. */
const maxKeyboardWidth = 1000;
/** The keys take at most this share of the screen's height. */
const maxHeightShare = 0.42;
/** Pixels a millimetre at most (a desktop monitor is not a phone held close). */
const maxPxPerMm = 7.5;

/** Rounds to a device pixel, so edges are crisp and widths add up. */
function snap(value) {
  const ratio = globalThis.devicePixelRatio || 1;
  return Math.round(value * ratio) / ratio;
}

export class KeyboardView {
  /** @param {HTMLElement} container the element the keyboard is drawn into */
  constructor(container) {
    this.container = container;
    this.geometry = null;
    this.currentView = null;
    this.keysById = new Map();
    this.buttonsById = new Map();
    this.metrics = null;
    this.popup = null;
    this.preview = null;
  }

  /** Takes a new layout's geometry (from `engine.layout()`); the next `render` draws it. */
  setLayout(layout) {
    this.geometry = layout.geometry;
    this.container.setAttribute("aria-label", `Keyboard: ${layout.name}`);
    this.container.dataset.layout = layout.id;
    this.currentView = null;
  }

  /**
   * Draws `view` (from `engine.view()`). Returns true when the keys changed, false when
   * the view shows the same layer and shift state as the one drawn (nothing to do).
   */
  render(view, force = false) {
    const same =
      !force &&
      this.currentView &&
      KeyboardView.shownLayer(view) === KeyboardView.shownLayer(this.currentView) &&
      view.shift === this.currentView.shift;
    if (same) return false;
    this.hidePopup();
    this.hidePreview();
    this.currentView = view;
    this.keysById.clear();
    this.buttonsById.clear();
    const fragment = document.createDocumentFragment();
    view.rows.forEach((row, rowIndex) => {
      const rowElement = document.createElement("div");
      rowElement.className = "key-row";
      rowElement.dataset.row = String(rowIndex);
      for (const key of row) {
        this.keysById.set(key.key, key);
        const button = document.createElement("button");
        button.type = "button";
        button.className = `key role-${key.role}`;
        button.dataset.key = key.name;
        button.dataset.id = String(key.key);
        button.setAttribute("aria-label", key.accessibleName || key.label || key.name);
        if (key.longPress && key.longPress.length) button.setAttribute("aria-haspopup", "true");
        if (key.role === "shift") {
          button.setAttribute("aria-pressed", view.shift === "off" ? "false" : "true");
          button.dataset.shift = view.shift;
        }
        const label = document.createElement("span");
        label.className = "key-label";
        const text = String(key.label ?? key.name ?? "");
        label.textContent = text;
        label.setAttribute("aria-hidden", "true");
        if ([...text].length > 2) label.classList.add("long");
        button.append(label);
        rowElement.append(button);
        this.buttonsById.set(key.key, button);
      }
      fragment.append(rowElement);
    });
    this.container.replaceChildren(fragment);
    this.container.dataset.layer = KeyboardView.shownLayer(view);
    this.container.dataset.shift = view.shift;
    this.container.removeAttribute("aria-busy");
    this.fit();
    return true;
  }

  /** Places every key for the keyboard's present width and the screen's size. */
  fit() {
    const geometry = this.geometry;
    const view = this.currentView;
    if (!geometry || !view) return;
    const screenWidth = document.documentElement.clientWidth || globalThis.innerWidth;
    const screenHeight = globalThis.innerHeight;
    const width = Math.min(screenWidth, maxKeyboardWidth);
    const unitsPerRow = geometry.unitsPerRow;
    const unit = width / unitsPerRow;
    // The file's width is the phone's short side: that gives the screen's scale.
    const shortSide = Math.min(screenWidth, screenHeight || screenWidth);
    const pxPerMm = Math.min(shortSide / geometry.widthMm, maxPxPerMm);
    const gap = Math.min(geometry.keyGapMm * pxPerMm, unit * 0.25);
    const rows = view.rows.length;
    const pitch = Math.max(
      28,
      Math.min(geometry.rowPitchMm * pxPerMm, ((screenHeight || 800) * maxHeightShare) / Math.max(rows, 1))
    );
    this.metrics = { width, unit, gap, pitch, unitsPerRow };
    const style = this.container.style;
    style.width = `${width}px`;
    style.setProperty("--gap", `${gap}px`);
    style.setProperty("--pitch", `${pitch}px`);
    style.setProperty("--key-height", `${pitch - gap}px`);
    style.setProperty("--label-size", `${Math.min(pitch * 0.5, unit * 0.62, 30)}px`);
    style.height = `${snap(pitch * rows + gap)}px`;
    this.container.dataset.unitPx = String(unit);
    this.container.dataset.gapPx = String(gap);
    // `x` is the engine's: key units from the keyboard's left edge, narrower rows centred.
    view.rows.forEach((row, rowIndex) => {
      for (const key of row) {
        const button = this.buttonsById.get(key.key);
        const left = key.x * unit + gap / 2;
        button.style.left = `${left}px`;
        button.style.width = `${key.width * unit - gap}px`;
        button.style.top = `${rowIndex * pitch + gap}px`;
      }
    });
  }

  /** The layer whose keys a view shows (`visibleLayer`: the shift layer while shift is on). */
  static shownLayer(view) {
    return view.visibleLayer ?? view.layer;
  }

  /** The index of the alternate a long-press picks when released without moving. */
  static defaultChoice(key) {
    const wanted = key.longPressDefault;
    if (typeof wanted === "number") return wanted;
    return Math.max(0, key.longPress.findIndex((choice) => choice.label === wanted));
  }

  /** The engine's key (from the drawn view) with this id. */
  key(id) {
    return this.keysById.get(id);
  }

  /** The button drawn for key `id`. */
  button(id) {
    return this.buttonsById.get(id);
  }

  /** The key id of the button at a screen point, or null. */
  keyAt(clientX, clientY) {
    const element = document.elementFromPoint(clientX, clientY);
    const button = element && element.closest && element.closest(".keyboard .key");
    return button ? Number(button.dataset.id) : null;
  }

  /** The key id for a button or its label (an event's target), or null. */
  keyOf(target) {
    const button = target && target.closest && target.closest(".keyboard .key");
    return button ? Number(button.dataset.id) : null;
  }

  /** Marks a key as pressed (or not). */
  setPressed(id, pressed) {
    const button = this.buttonsById.get(id);
    if (button) button.classList.toggle("pressed", pressed);
  }

  /** Shows the enlarged label above a pressed letter key, as phones do. */
  showPreview(id) {
    this.hidePreview();
    const key = this.keysById.get(id);
    const button = this.buttonsById.get(id);
    if (!key || !button || !["letter", "text", "accent"].includes(key.role)) return;
    const preview = document.createElement("div");
    preview.className = "key-preview";
    preview.setAttribute("aria-hidden", "true");
    preview.textContent = key.label;
    this.placeAbove(preview, button, button.offsetWidth);
    this.preview = preview;
  }

  hidePreview() {
    if (this.preview) this.preview.remove();
    this.preview = null;
  }

  /**
   * Opens the long-press popup of key `id` with its alternates, `selected` highlighted.
   * Each alternate is an element with `data-key` = the engine's `KEY:CHOICE` name.
   */
  showPopup(id, selected) {
    this.hidePreview();
    this.hidePopup();
    const key = this.keysById.get(id);
    const button = this.buttonsById.get(id);
    if (!key || !button) return;
    const popup = document.createElement("div");
    popup.className = "longpress-popup";
    popup.setAttribute("role", "listbox");
    popup.setAttribute("aria-label", `Alternates of ${key.accessibleName || key.label}`);
    const cell = Math.max(button.offsetWidth, 30);
    key.longPress.forEach((choice, index) => {
      const item = document.createElement("div");
      item.className = "choice";
      item.setAttribute("role", "option");
      item.dataset.key = choice.name;
      item.dataset.index = String(index);
      item.textContent = choice.label;
      item.style.width = `${cell}px`;
      popup.append(item);
    });
    this.placeAbove(popup, button, cell * key.longPress.length);
    this.popup = { element: popup, id, count: key.longPress.length };
    this.selectChoice(selected);
  }

  /** Highlights alternate `index` of the open popup (null: none). */
  selectChoice(index) {
    if (!this.popup) return;
    this.popup.selected = index;
    for (const item of this.popup.element.children) {
      const on = index !== null && Number(item.dataset.index) === index;
      item.classList.toggle("selected", on);
      item.setAttribute("aria-selected", on ? "true" : "false");
    }
  }

  /**
   * The alternate of the open popup under a screen point: the cell whose column the
   * point is in, while the point is not far below the popup's key (a finger hides what it
   * points at, so the row above and below the popup counts too); null when off it.
   */
  choiceAt(clientX, clientY) {
    if (!this.popup) return null;
    const items = [...this.popup.element.children];
    const first = items[0].getBoundingClientRect();
    const last = items[items.length - 1].getBoundingClientRect();
    const button = this.buttonsById.get(this.popup.id);
    const bottom = button ? button.getBoundingClientRect().bottom + first.height * 0.5 : last.bottom;
    if (clientY < first.top - first.height || clientY > bottom) return null;
    if (clientX < first.left - first.width * 0.5 || clientX > last.right + last.width * 0.5) return null;
    let index = Math.floor((clientX - first.left) / first.width);
    index = Math.max(0, Math.min(items.length - 1, index));
    return index;
  }

  hidePopup() {
    if (this.popup) this.popup.element.remove();
    this.popup = null;
  }

  /** Puts `element` (so many px wide) above `button`, inside the keyboard's width. */
  placeAbove(element, button, width) {
    const keyboardWidth = this.container.clientWidth;
    let left = button.offsetLeft + button.offsetWidth / 2 - width / 2;
    if (isAtLeftEdge(button, keyboardWidth)) left = button.offsetLeft;
    left = Math.max(2, Math.min(left, keyboardWidth - width - 2));
    element.style.left = `${left}px`;
    element.style.width = `${width}px`;
    element.style.top = `${button.offsetTop - button.offsetHeight - 8}px`;
    element.style.height = `${button.offsetHeight}px`;
    this.container.append(element);
  }
}

/** Whether a button touches the keyboard's left edge (its popup then opens rightwards). */
function isAtLeftEdge(button, keyboardWidth) {
  return button.offsetLeft < keyboardWidth * 0.05;
}
