/**
 * The end of the session: the participant's measures side by side per layout (the mean over
 * the test phrases, then each phrase), and the button that downloads the log.
 */

import { meanMeasures, shownMeasures } from "./measures.js";

const headings = {
  wpm: "WPM",
  kspc: "KSPC",
  msdErrorRate: "MSD error rate %",
  correctedErrorRate: "Corrected errors %",
  uncorrectedErrorRate: "Uncorrected errors %",
  totalErrorRate: "Total errors %",
};

/** A measure as shown: KSPC with two decimals, the rest with one; — for none. */
export function shown(name, value) {
  if (typeof value !== "number") return "—";
  return value.toFixed(name === "kspc" ? 2 : 1);
}

function cell(tag, text, data = {}) {
  const made = document.createElement(tag);
  made.textContent = text;
  Object.assign(made.dataset, data);
  return made;
}

function table(caption, columns, rows) {
  const made = document.createElement("table");
  made.className = "test-results";
  made.append(cell("caption", caption));
  const head = document.createElement("tr");
  head.append(cell("th", ""), ...columns.map((column) => cell("th", column)));
  made.append(head, ...rows);
  return made;
}

/**
 * Shows the results of `log` (the log's document) in `screen`, with a Download log button.
 * @param {HTMLElement} screen
 * @param {object} log
 * @param {() => void} download
 */
export function showResults(screen, log, download) {
  const order = log.settings.layoutOrder;
  const tested = (id) => log.phrases.filter((phrase) => phrase.layout === id && phrase.block === "test");
  const means = Object.fromEntries(order.map((id) => [id, meanMeasures(tested(id).map((phrase) => phrase.measures))]));
  const rows = shownMeasures.map((name) => {
    const row = document.createElement("tr");
    row.append(cell("th", headings[name]), ...order.map((id) => cell("td", shown(name, means[id][name]), { layout: id, measure: name })));
    return row;
  });
  const heading = cell("h1", "Results");
  const intro = cell("p", `Participant ${log.participant.id}: the mean over each layout's ${log.settings.testPhrases} test phrases, ` +
    "in the order typed. The log holds every touch; download it to keep it (nothing has left this device).");
  const button = document.createElement("button");
  button.type = "button";
  button.id = "download-log";
  button.className = "test-button primary";
  button.textContent = "Download log";
  button.addEventListener("click", download);
  const parts = [heading, intro, table("Mean per layout", order, rows), button];
  for (const id of order) {
    const details = document.createElement("details");
    details.append(cell("summary", `${id}: each phrase`));
    const phraseRows = shownMeasures.map((name) => {
      const row = document.createElement("tr");
      row.append(cell("th", headings[name]), ...tested(id).map((phrase) => cell("td", shown(name, phrase.measures[name]), { layout: id, phrase: String(phrase.index), measure: name })));
      return row;
    });
    details.append(table(`${id}, phrase by phrase`, tested(id).map((phrase) => String(phrase.index + 1)), phraseRows));
    parts.push(details);
  }
  screen.replaceChildren(...parts);
}
