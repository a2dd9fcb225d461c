// Known-answer tests of web/src/typing-test/measures.js and order.js, worked by hand:
//     node web/tests/measures_test.mjs
// Prints one line a check and exits 1 when one fails (Tests/WebPageTests runs it).
import { characters, msd, charactersTakenOff, phraseMeasures, meanMeasures } from "../src/typing-test/measures.js";
import { balancedLatinSquare, layoutOrder, seedOf, dealPhrases } from "../src/typing-test/order.js";

let failed = 0;
function check(label, actual, expected) {
  const same = JSON.stringify(actual) === JSON.stringify(expected);
  if (!same) failed++;
  console.log(`${same ? "ok  " : "FAIL"}  ${label}${same ? "" : `: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`}`);
}
const round = (value) => (value === null ? null : Math.round(value * 1000) / 1000);
const rounded = (measures) => Object.fromEntries(Object.entries(measures).map(([name, value]) => [name, round(value)]));

// A touch on key `key` (⌫ is key 99) lifted at `up` ms, with the text before and after it.
const BACKSPACE = 99;
function touches(steps) {
  return steps.map(([key, up, textBefore, textAfter]) => ({ key, down: { t: up - 50, x: 0, y: 0 }, up: { t: up, x: 0, y: 0 }, textBefore, textAfter }));
}

check("characters: NFD a + U+0301 is one character", characters("sza\u0301l"), ["s", "z", "á", "l"]);
check("MSD: kitten → sitting is 3", msd("kitten", "sitting"), 3);
check("MSD counts characters, not scalars: szál vs sza\u0301l", msd("szál", "sza\u0301l"), 0);
check("MSD: ő typed as ö is one substitution", msd("tőr", "tör"), 1);
check("⌫ taking only the accent off takes one character", charactersTakenOff("szá", "sza"), 1);
check("⌫ deleting a letter takes one character", charactersTakenOff("szá", "sz"), 1);
check("a held ⌫ repeating took three", charactersTakenOff("abcde", "ab"), 3);

// 1. No errors: P = T = "szép", typed s z e ´ p on hu-touch (´ turns e into é: not a fix).
// |T| = 4, 5 keystrokes, ups at 0, 300, 600, 900, 1200 ms: seconds 1.2, WPM (4 − 1) / 1.2 × 12 = 30.
check("szép typed s z e ´ p", rounded(phraseMeasures({
  target: "szép", result: "szép",
  touches: touches([[1, 0, "", "s"], [2, 300, "s", "sz"], [3, 600, "sz", "sze"], [4, 900, "sze", "szé"], [5, 1200, "szé", "szép"]]),
}, new Set([BACKSPACE]))), {
  wpm: 30, kspc: 1.25, msdErrorRate: 0, correctedErrorRate: 0, uncorrectedErrorRate: 0, totalErrorRate: 0,
  seconds: 1.2, keystrokes: 5, correct: 4, incorrectNotFixed: 0, incorrectFixed: 0, fixes: 0,
});

// 2. A postfix-accent fix: P = "szó", typed s z o ¨ ⌫ ´ (¨ gave ö, ⌫ took the diaeresis off,
// ´ gave ó). IF = 1 (the ⌫ took one accent), F = 1, C = 3, INF = 0: corrected = 1 / 4 = 25 %.
// 6 keystrokes / 3 = KSPC 2. Ups every 250 ms: 1.25 s, WPM = 2 / 1.25 × 12 = 19.2.
check("szó typed s z o ¨ ⌫ ´", rounded(phraseMeasures({
  target: "szó", result: "szó",
  touches: touches([[1, 0, "", "s"], [2, 250, "s", "sz"], [3, 500, "sz", "szo"], [6, 750, "szo", "szö"],
    [BACKSPACE, 1000, "szö", "szo"], [4, 1250, "szo", "szó"]]),
}, new Set([BACKSPACE]))), {
  wpm: 19.2, kspc: 2, msdErrorRate: 0, correctedErrorRate: 25, uncorrectedErrorRate: 0, totalErrorRate: 25,
  seconds: 1.25, keystrokes: 6, correct: 3, incorrectNotFixed: 0, incorrectFixed: 1, fixes: 1,
});

// 3. A second accent replacing the first is no fix: s z o ¨ ´ (ö, then ó). IF = 0, KSPC 5 / 3.
check("szó typed s z o ¨ ´: the second accent is no fix", rounded(phraseMeasures({
  target: "szó", result: "szó",
  touches: touches([[1, 0, "", "s"], [2, 250, "s", "sz"], [3, 500, "sz", "szo"], [6, 750, "szo", "szö"], [4, 1000, "szö", "szó"]]),
}, new Set([BACKSPACE]))).incorrectFixed, 0);

// 4. Errors both fixed and not: P = "abc", typed a x ⌫ b c d, T = "abcd". MSD = 1 (the d):
// INF = 1, C = max(3, 4) − 1 = 3, IF = 1 (the x), F = 1; C + INF + IF = 5: corrected 20 %,
// uncorrected 20 %, total 40 %, MSD error rate 1 / 4 = 25 %, KSPC 6 / 4 = 1.5.
// Ups every 400 ms: 2 s, WPM = 3 / 2 × 12 = 18.
check("abc typed a x ⌫ b c d", rounded(phraseMeasures({
  target: "abc", result: "abcd",
  touches: touches([[1, 0, "", "a"], [24, 400, "a", "ax"], [BACKSPACE, 800, "ax", "a"], [2, 1200, "a", "ab"],
    [3, 1600, "ab", "abc"], [4, 2000, "abc", "abcd"]]),
}, new Set([BACKSPACE]))), {
  wpm: 18, kspc: 1.5, msdErrorRate: 25, correctedErrorRate: 20, uncorrectedErrorRate: 20, totalErrorRate: 40,
  seconds: 2, keystrokes: 6, correct: 3, incorrectNotFixed: 1, incorrectFixed: 1, fixes: 1,
});

// 5. A touch beside the keys (key null) is no keystroke; one character typed has no WPM.
check("a touch off the keys is no keystroke; |T| = 1 has no WPM", rounded(phraseMeasures({
  target: "a", result: "a", touches: touches([[null, 0, "", ""], [1, 300, "", "a"]]),
}, new Set([BACKSPACE]))), {
  wpm: null, kspc: 1, msdErrorRate: 0, correctedErrorRate: 0, uncorrectedErrorRate: 0, totalErrorRate: 0,
  seconds: 0.3, keystrokes: 1, correct: 1, incorrectNotFixed: 0, incorrectFixed: 0, fixes: 0,
});
check("means leave nulls out", meanMeasures([{ wpm: 10, kspc: 1 }, { wpm: null, kspc: 2 }]),
  { wpm: 10, kspc: 1.5, msdErrorRate: null, correctedErrorRate: null, uncorrectedErrorRate: null, totalErrorRate: null });

// Counterbalancing: a balanced Latin square has each layout once a row and a column, and
// each ordered pair of neighbours once (n even) or twice over the 2n rows (n odd).
for (const n of [2, 3, 4, 5]) {
  const rows = balancedLatinSquare(n);
  const pairs = new Map();
  let latin = true;
  for (const row of rows) {
    if (new Set(row).size !== n) latin = false;
    for (let i = 1; i < n; i++) pairs.set(`${row[i - 1]}>${row[i]}`, (pairs.get(`${row[i - 1]}>${row[i]}`) ?? 0) + 1);
  }
  for (let column = 0; column < n; column++) if (new Set(rows.map((row) => row[column])).size !== n) latin = false;
  const counts = [...new Set(pairs.values())];
  check(`balanced Latin square of ${n}: ${rows.length} rows, Latin, every neighbour pair as often`,
    [rows.length, latin, pairs.size, counts], [n % 2 ? 2 * n : n, true, n * (n - 1), [n % 2 ? 2 : 1]]);
}
check("the square of 4, first row 0 1 3 2", balancedLatinSquare(4)[0], [0, 1, 3, 2]);
check("the seed is the participant code's FNV-1a hash: \"a\" → 0xe40c292c", seedOf("a"), 0xe40c292c);
check("layout order follows the seed's row", layoutOrder(["a", "b"], 1), ["b", "a"]);
const dealt = dealPhrases(Array.from({ length: 40 }, (_, index) => `phrase ${index}`), ["a", "b", "c"], 2, 10, 7);
check("phrases dealt: 12 a layout, none twice while there are enough",
  [dealt.a.practice.length, dealt.a.test.length, new Set([..."abc"].flatMap((id) => [...dealt[id].practice, ...dealt[id].test])).size],
  [2, 10, 36]);
check("phrases dealt again with the same seed are the same", dealPhrases(Array.from({ length: 40 }, (_, index) => `phrase ${index}`), ["a", "b", "c"], 2, 10, 7), dealt);

console.log(failed ? `${failed} failed` : "all passed");
process.exit(failed ? 1 : 0);
