/**
 * Choosing a layout: the picker of every shipped layout, `?layout=ID` in the address, a
 * user's own layout file from the file picker or dropped on the page, and the messages
 * that go with them (an unknown id with the nearest ids first, a broken file's
 * diagnostics with line, column, code and fix). The engine loads and checks layouts; on
 * a failure it keeps the layout it had, and so does the page.
 *
 * `onChange()` runs after the engine opened a new layout, so the app redraws.
 */

export class LayoutPicker {
  /**
   * @param {object} engine the bridge's Engine
   * @param {{select: HTMLSelectElement, openButton: HTMLButtonElement, fileInput: HTMLInputElement, messages: HTMLElement, dropTarget: HTMLElement}} elements
   * @param {() => void} onChange
   */
  constructor(engine, elements, onChange) {
    this.engine = engine;
    this.elements = elements;
    this.onChange = onChange;
    this.userOption = null;
    const { select, openButton, fileInput, dropTarget } = elements;
    select.addEventListener("change", () => this.openShipped(select.value, true));
    openButton.addEventListener("click", () => fileInput.click());
    fileInput.addEventListener("change", () => {
      const file = fileInput.files && fileInput.files[0];
      if (file) this.openFile(file);
      fileInput.value = "";
    });
    dropTarget.addEventListener("dragover", (event) => {
      if (![...event.dataTransfer.types].includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      dropTarget.classList.add("dropping");
    });
    dropTarget.addEventListener("dragleave", (event) => {
      if (event.target === dropTarget || !dropTarget.contains(event.relatedTarget)) {
        dropTarget.classList.remove("dropping");
      }
    });
    dropTarget.addEventListener("drop", (event) => {
      dropTarget.classList.remove("dropping");
      const file = event.dataTransfer.files && event.dataTransfer.files[0];
      if (!file) return;
      event.preventDefault();
      this.openFile(file);
    });
  }

  /**
   * Lists every shipped layout in the picker, in the engine's order. The app calls it once
   * the keyboard is ready: the first keyboard need not wait for the list (until then the
   * picker shows the open layout).
   */
  fillList() {
    const select = this.elements.select;
    const current = select.value;
    const options = this.engine.layouts().map((layout) => LayoutPicker.option(layout));
    select.replaceChildren(...(this.userOption ? [this.userOption] : []), ...options);
    select.value = current;
    select.dataset.filled = "true";
  }

  static option(layout) {
    const option = document.createElement("option");
    option.value = layout.id;
    option.textContent = `${layout.id} — ${layout.name}`;
    option.title = layout.description || layout.name;
    return option;
  }

  /** Shows shipped layout `id`, just opened, as the picker's choice. */
  choose(id) {
    const select = this.elements.select;
    if (![...select.options].some((option) => option.value === id)) {
      const layout = this.engine.layout();
      select.append(LayoutPicker.option({ id, name: layout.name }));
    }
    select.value = id;
  }

  /**
   * Opens the layout the address names (`?layout=ID`), else `fallback`. An unknown id
   * opens `fallback` and says which ids were meant.
   */
  openInitial(fallback) {
    const wanted = new URLSearchParams(location.search).get("layout");
    // A layout is open whatever the address says, so a wrong id leaves a keyboard to type on.
    this.engine.openShipped(fallback);
    this.choose(fallback);
    if (wanted && wanted !== fallback && this.openShipped(wanted, false)) return;
    this.onChange();
  }

  /** Opens shipped layout `id`; says so in the address when `remember`. Returns success. */
  openShipped(id, remember) {
    const result = this.engine.openShipped(id);
    if (!result.ok) {
      this.showUnknown(id, result);
      if (this.userOption) this.elements.select.value = this.userOption.value;
      else this.choose(this.engine.layout().id);
      return false;
    }
    this.clearMessages();
    this.removeUserOption();
    this.choose(id);
    if (remember) {
      const url = new URL(location.href);
      url.searchParams.set("layout", id);
      history.replaceState(null, "", url);
    }
    this.onChange();
    return true;
  }

  /** Reads a user's layout file and opens it, or shows why it did not open. */
  async openFile(file) {
    let bytes;
    try {
      // The bytes, not text: the engine reports a file that is not UTF-8 (KBD-E101).
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      this.showMessage("error", `${file.name}: the file could not be read (${error.message || error}).`);
      return false;
    }
    return this.openText(bytes, file.name);
  }

  /** Opens a layout from a file's bytes or text; a broken one shows its diagnostics. */
  openText(textOrBytes, fileName) {
    const result = this.engine.openJSON(textOrBytes, fileName);
    if (!result.ok) {
      this.showDiagnostics(fileName, result);
      return false;
    }
    this.clearMessages();
    const layout = this.engine.layout();
    this.removeUserOption();
    const option = document.createElement("option");
    option.value = `file:${fileName}`;
    option.textContent = `${layout.id} — ${layout.name} (${fileName})`;
    this.elements.select.prepend(option);
    this.elements.select.value = option.value;
    this.userOption = option;
    const url = new URL(location.href);
    url.searchParams.delete("layout");
    history.replaceState(null, "", url);
    if (result.diagnostics && result.diagnostics.length) {
      this.showDiagnostics(fileName, result, "note", `Opened ${fileName}: ${layout.name}, with these warnings:`);
    } else {
      this.showMessage("note", `Opened ${fileName}: ${layout.name}.`);
    }
    this.onChange();
    return true;
  }

  removeUserOption() {
    if (this.userOption) this.userOption.remove();
    this.userOption = null;
  }

  /** An unknown id: the engine's message and its suggestions, nearest first, as buttons. */
  showUnknown(id, result) {
    const box = this.messageBox("error", "unknown-layout");
    const text = document.createElement("p");
    text.textContent = result.message || `There is no layout “${id}”.`;
    box.append(text);
    const suggestions = result.suggestions || [];
    const all = suggestions.length ? suggestions : this.engine.layouts().map((layout) => layout.id);
    const list = document.createElement("p");
    list.className = "suggestions";
    list.append(suggestions.length ? "Did you mean: " : "The layouts: ");
    all.forEach((choice, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "suggestion";
      button.dataset.layout = choice;
      button.textContent = choice;
      button.addEventListener("click", () => this.openShipped(choice, true));
      if (index) list.append(" ");
      list.append(button);
    });
    box.append(list);
  }

  /** A broken file: every diagnostic as `file:line:col: severity: message [CODE]` and its fix. */
  showDiagnostics(fileName, result, kind = "error", headline = null) {
    const box = this.messageBox(kind, "diagnostics");
    const head = document.createElement("p");
    head.textContent = headline || `${fileName} did not load; the layout “${this.engine.layout().id}” stays.`;
    box.append(head);
    const list = document.createElement("ul");
    list.className = "diagnostic-list";
    for (const diagnostic of result.diagnostics || []) {
      const item = document.createElement("li");
      item.className = `diagnostic ${diagnostic.severity}`;
      item.dataset.code = diagnostic.code;
      const located = diagnostic.line !== null && diagnostic.line !== undefined;
      if (located) {
        item.dataset.line = String(diagnostic.line);
        item.dataset.column = String(diagnostic.column);
      }
      const where = document.createElement("code");
      where.textContent = located ? `${fileName}:${diagnostic.line}:${diagnostic.column}` : fileName;
      const path = diagnostic.path ? ` ${diagnostic.path}:` : "";
      item.append(where, `${path} ${diagnostic.severity}: ${diagnostic.message} `);
      const code = document.createElement("code");
      code.className = "code";
      code.textContent = `[${diagnostic.code}]`;
      item.append(code);
      if (diagnostic.fix) {
        const fix = document.createElement("div");
        fix.className = "fix";
        fix.textContent = `Fix: ${diagnostic.fix}`;
        item.append(fix);
      }
      list.append(item);
    }
    if (!list.children.length && result.text) {
      const item = document.createElement("li");
      item.textContent = result.text;
      list.append(item);
    }
    box.append(list);
  }

  showMessage(kind, text) {
    const box = this.messageBox(kind, "message");
    box.textContent = text;
  }

  /** Replaces the messages with one new box, with a button that closes it. */
  messageBox(kind, name) {
    const messages = this.elements.messages;
    messages.replaceChildren();
    const box = document.createElement("div");
    box.className = `message ${kind} ${name}`;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.setAttribute("aria-label", "Close the message");
    close.textContent = "×";
    close.addEventListener("click", () => this.clearMessages());
    const body = document.createElement("div");
    body.className = "message-body";
    box.append(close, body);
    messages.append(box);
    return body;
  }

  clearMessages() {
    this.elements.messages.replaceChildren();
  }
}
