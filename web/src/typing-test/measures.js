/**
 * Text-entry measures of one phrase, as text-entry research computes them (Soukoreff and
 * MacKenzie 2003, "Metrics for text entry research: an evaluation of MSD and KSPC, and a new
 * unified error metric", CHI 2003; MacKenzie's TextTest). A pure module: no page, no engine,
 * so Node tests it (web/tests/measures_test.mjs).
 *
 * Characters are grapheme clusters of the NFC text (`á` typed as `a` then `´` is one
 * character, whatever its scalars): P is the phrase shown, T the text typed.
 *
 * - WPM = (|T| − 1) / seconds × 60 / 5, seconds from the first touch's lift to the last one's
 *   (a character enters when the finger lifts, so the first character's time is not known).
 * - KSPC = keystrokes / |T|, keystrokes = touches on keys (every touch whose `key` is not null,
 *   the ⌫ and shift touches included).
 * - MSD(P, T): the Levenshtein distance between the two strings of characters.
 * - C = max(|P|, |T|) − MSD, INF = MSD, IF = characters entered and later taken off by ⌫,
 *   F = touches on ⌫. Corrected error rate = IF / (C + INF + IF), uncorrected = INF / (…),
 *   total = (INF + IF) / (…), all × 100; MSD error rate = MSD / max(|P|, |T|) × 100.
 *
 * Postfix accents: an accent key that turns `a` into `á` (or `ö` into `ő`) takes nothing off,
 * so it is a keystroke and not a fix. A ⌫ that takes only an accent off (`á` → `a`) fixes
 * one incorrect character: IF += 1, as a ⌫ that deletes a whole character does. What a ⌫
 * touch took off is counted from the text before and after it: the characters of the text
 * before that are not in the common prefix of the two (a held ⌫ that repeats counts every
 * character it took; its touch is one F).
 */

const segmenter = typeof Intl === "object" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The characters (grapheme clusters) of the NFC text. */
export function characters(text) {
  const normal = text.normalize("NFC");
  if (segmenter) return Array.from(segmenter.segment(normal), (part) => part.segment);
  return Array.from(normal);
}

/** The minimum string distance (Levenshtein, on characters) between two texts. */
export function msd(presented, transcribed) {
  const p = characters(presented);
  const t = characters(transcribed);
  let previous = Array.from({ length: t.length + 1 }, (_, index) => index);
  for (let i = 1; i <= p.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      row.push(Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (p[i - 1] === t[j - 1] ? 0 : 1)));
    }
    previous = row;
  }
  return previous[t.length];
}

/** How many characters a ⌫ took off: those of `before` after its common prefix with `after`. */
export function charactersTakenOff(before, after) {
  const a = characters(before);
  const b = characters(after);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return a.length - common;
}

/** `part / whole × 100`, or null when the whole is 0. */
function percent(part, whole) {
  return whole > 0 ? (part / whole) * 100 : null;
}

/**
 * The measures of one phrase, in the log's `measures` shape.
 * @param {{target: string, result: string, touches: {key: number|null, up: {t: number}, textBefore: string, textAfter: string}[]}} phrase
 * @param {Set<number>} backspaceKeys the ids of the layout's ⌫ keys
 */
export function phraseMeasures(phrase, backspaceKeys) {
  const p = characters(phrase.target);
  const t = characters(phrase.result);
  const onKeys = phrase.touches.filter((touch) => touch.key !== null && touch.key !== undefined);
  const backspaces = onKeys.filter((touch) => backspaceKeys.has(touch.key));
  const incorrectFixed = backspaces.reduce((sum, touch) => sum + charactersTakenOff(touch.textBefore, touch.textAfter), 0);
  const distance = msd(phrase.target, phrase.result);
  const longer = Math.max(p.length, t.length);
  const correct = longer - distance;
  const all = correct + distance + incorrectFixed;
  const ups = phrase.touches.map((touch) => touch.up.t);
  const seconds = ups.length >= 2 ? (Math.max(...ups) - Math.min(...ups)) / 1000 : 0;
  return {
    wpm: t.length >= 2 && seconds > 0 ? ((t.length - 1) / seconds) * 12 : null,
    kspc: t.length ? onKeys.length / t.length : null,
    msdErrorRate: percent(distance, longer),
    correctedErrorRate: percent(incorrectFixed, all),
    uncorrectedErrorRate: percent(distance, all),
    totalErrorRate: percent(distance + incorrectFixed, all),
    seconds,
    keystrokes: onKeys.length,
    correct,
    incorrectNotFixed: distance,
    incorrectFixed,
    fixes: backspaces.length,
  };
}

/** The names of the measures a summary averages, in the order the results show them. */
export const shownMeasures = ["wpm", "kspc", "msdErrorRate", "correctedErrorRate", "uncorrectedErrorRate", "totalErrorRate"];

/** The mean of each shown measure over phrases' measures (nulls left out; null when none). */
export function meanMeasures(measuresList) {
  const mean = {};
  for (const name of shownMeasures) {
    const values = measuresList.map((measures) => measures[name]).filter((value) => typeof value === "number");
    mean[name] = values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
  }
  return mean;
}
