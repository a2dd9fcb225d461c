/**
 * The typing test's first screen: the participant code (a random one to start with, never a
 * name), the language, the layouts to compare (the shipped layouts of that language), the
 * posture and how many practice and test phrases each layout gets.
 */

/** A random participant code: P and six letters or digits that cannot be mistaken for others. */
export function randomCode() {
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return "P" + Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

const postures = [
  ["one-finger", "One finger (the phone on a table or in the other hand)"],
  ["two-thumbs", "Two thumbs"],
  ["one-thumb", "One thumb (the same hand holds the phone)"],
];

function element(tag, properties = {}, ...children) {
  const made = Object.assign(document.createElement(tag), properties);
  made.append(...children);
  return made;
}

function labelled(text, control) {
  return element("label", { className: "test-field" }, element("span", {}, text), control);
}

/**
 * Shows the setup form in `screen`; resolves with the choices when the participant starts.
 * @param {HTMLElement} screen
 * @param {Record<string, {id: string, name: string}[]>} layoutsByLanguage
 * @returns {Promise<{participant: string, language: string, layouts: string[], posture: string, practice: number, test: number}>}
 */
export function showSetup(screen, layoutsByLanguage) {
  return new Promise((resolve) => {
    const code = element("input", { id: "test-participant", value: randomCode(), required: true, maxLength: 64, autocomplete: "off" });
    code.setAttribute("autocapitalize", "characters");
    const language = element("select", { id: "test-language" });
    for (const tag of Object.keys(layoutsByLanguage)) language.append(element("option", { value: tag, textContent: tag }));
    const layouts = element("fieldset", { id: "test-layouts", className: "test-layouts" });
    const posture = element("select", { id: "test-posture" });
    for (const [value, text] of postures) posture.append(element("option", { value, textContent: text }));
    const practice = element("input", { id: "test-practice", type: "number", min: 0, max: 10, value: 2 });
    const test = element("input", { id: "test-phrases", type: "number", min: 1, max: 40, value: 10 });
    const problem = element("p", { className: "test-problem", role: "alert" });
    const start = element("button", { type: "submit", id: "test-start", className: "test-button primary", textContent: "Start" });

    const fillLayouts = () => {
      layouts.replaceChildren(element("legend", { textContent: "Layouts to compare" }));
      layoutsByLanguage[language.value].forEach((layout, index) => {
        const box = element("input", { type: "checkbox", value: layout.id, checked: index < 2 });
        box.dataset.layout = layout.id;
        layouts.append(element("label", { className: "test-check" }, box, ` ${layout.id} — ${layout.name}`));
      });
    };
    language.addEventListener("change", fillLayouts);
    fillLayouts();

    const form = element("form", { className: "test-form" },
      element("h1", { textContent: "Typing test" }),
      element("p", { textContent: "Phrases are shown one at a time: type each on the keyboard below it as quickly and " +
        "accurately as you can, then press return (or Next). Everything stays on this device; at the end you can download the log." }),
      labelled("Participant code (not a name)", code),
      labelled("Language", language),
      layouts,
      labelled("Posture", posture),
      labelled("Practice phrases per layout", practice),
      labelled("Test phrases per layout", test),
      problem,
      start);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const chosen = [...layouts.querySelectorAll("input:checked")].map((box) => box.value);
      const participant = code.value.trim();
      if (!participant) problem.textContent = "Give a participant code.";
      else if (!chosen.length) problem.textContent = "Choose at least one layout.";
      else {
        resolve({
          participant,
          language: language.value,
          layouts: chosen,
          posture: posture.value,
          practice: Math.max(0, Math.floor(Number(practice.value) || 0)),
          test: Math.max(1, Math.floor(Number(test.value) || 1)),
        });
      }
    });
    screen.replaceChildren(form);
  });
}
