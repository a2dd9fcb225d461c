/**
 * The scale step: the participant holds a bank card (ISO/IEC 7810 ID-1, 85.60 × 53.98 mm)
 * against the screen and resizes the rectangle (the slider, or dragging its corner) until
 * the two match; the page then knows CSS pixels per millimetre on this screen (`card`). Or
 * the participant skips it and the page assumes the CSS reference of 96 px per inch
 * (`assumed`), which is not a phone's true size: millimetres in the log will be wrong.
 */

export const cardMm = { width: 85.6, height: 53.98 };
/** The CSS reference: 96 px per inch. */
export const assumedPxPerMm = 96 / 25.4;

/**
 * Shows the step in `screen`; resolves with `{pxPerMm, pxPerMmSource}`.
 * @param {HTMLElement} screen
 */
export function showScale(screen) {
  return new Promise((resolve) => {
    // Upright on a screen taller than wide (a phone in portrait is narrower than a card is long).
    const upright = innerHeight > innerWidth;
    const [across, down] = upright ? [cardMm.height, cardMm.width] : [cardMm.width, cardMm.height];
    const most = Math.max(3, Math.min((innerWidth - 32) / across, (innerHeight - 200) / down, 20));
    const slider = Object.assign(document.createElement("input"), {
      type: "range", id: "scale-slider", min: 2, max: most, step: 0.01, value: Math.min(most, assumedPxPerMm),
    });
    slider.setAttribute("aria-label", "Size of the rectangle (pixels per millimetre)");
    const card = document.createElement("div");
    card.className = "scale-card";
    card.id = "scale-card";
    const handle = document.createElement("div");
    handle.className = "scale-handle";
    handle.setAttribute("aria-hidden", "true");
    card.append(handle);
    const readout = document.createElement("p");
    readout.className = "scale-readout";
    const draw = () => {
      const pxPerMm = Number(slider.value);
      card.style.width = `${across * pxPerMm}px`;
      card.style.height = `${down * pxPerMm}px`;
      readout.textContent = `${pxPerMm.toFixed(2)} px per mm`;
    };
    slider.addEventListener("input", draw);
    // Dragging the corner: the rectangle's width follows the finger.
    handle.addEventListener("pointerdown", (event) => {
      handle.setPointerCapture(event.pointerId);
      event.preventDefault();
    });
    handle.addEventListener("pointermove", (event) => {
      if (!handle.hasPointerCapture(event.pointerId)) return;
      const left = card.getBoundingClientRect().left;
      slider.value = String(Math.max(2, Math.min(most, (event.clientX - left) / across)));
      draw();
    });
    draw();
    const done = Object.assign(document.createElement("button"), {
      type: "button", id: "scale-done", className: "test-button primary", textContent: "It matches the card",
    });
    done.addEventListener("click", () => resolve({ pxPerMm: Number(slider.value), pxPerMmSource: "card" }));
    const skip = Object.assign(document.createElement("button"), {
      type: "button", id: "scale-skip", className: "test-button", textContent: "Skip (assume 96 px per inch)",
    });
    skip.addEventListener("click", () => resolve({ pxPerMm: assumedPxPerMm, pxPerMmSource: "assumed" }));
    const heading = document.createElement("h1");
    heading.textContent = "The screen's scale";
    const text = document.createElement("p");
    text.textContent = "Hold a bank card (or any ID-1 card: 85.60 × 53.98 mm) flat against the screen at the rectangle's " +
      `top-left corner${upright ? ", upright" : ""}, and make the rectangle the card's size with the slider or by dragging its corner.`;
    const warning = document.createElement("p");
    warning.className = "test-warning";
    warning.textContent = "Skipping assumes 96 px per inch, which is not this screen's true size: the log's millimetres will be wrong.";
    const buttons = document.createElement("p");
    buttons.className = "test-buttons";
    buttons.append(done, " ", skip);
    screen.replaceChildren(heading, text, card, slider, readout, buttons, warning);
  });
}
