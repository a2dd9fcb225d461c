/**
 * Counterbalancing and the choice of phrases, both from one seed (the participant code's
 * hash), so a session can be made again from its code: the layouts' order is a row of a
 * balanced Latin square (Williams 1949: every layout once in each position, and every layout
 * right after every other equally often over the rows), and the phrases are a seeded shuffle
 * of the language's set, dealt out without repeats while the set lasts.
 */

/** A 32-bit FNV-1a hash of the participant code: the session's seed. */
export function seedOf(code) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(code)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The rows of a balanced Latin square over `n` conditions (0 … n − 1): n rows for an even
 * n, 2n for an odd one (the rows and their reverses). The first row is 0, 1, n − 1, 2, n − 2, …
 * and row r adds r to each (mod n).
 */
export function balancedLatinSquare(n) {
  const start = [0];
  for (let index = 1; index < n; index++) start.push(index % 2 === 1 ? (index + 1) / 2 : n - index / 2);
  const rows = [];
  for (let row = 0; row < n; row++) rows.push(start.map((value) => (value + row) % n));
  if (n % 2 === 1) for (let row = 0; row < n; row++) rows.push([...rows[row]].reverse());
  return rows;
}

/** The layouts in the order of the square's row `seed mod rows`. */
export function layoutOrder(layoutIds, seed) {
  const rows = balancedLatinSquare(layoutIds.length);
  return rows[seed % rows.length].map((index) => layoutIds[index]);
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` shuffled by `random` (Fisher–Yates). */
function shuffled(items, random) {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/**
 * Deals each layout `practice` then `test` phrases from a seeded shuffle of `phrases`, no
 * phrase twice in a session while the set lasts (then a new shuffle of the whole set).
 * @returns {Record<string, {practice: string[], test: string[]}>}
 */
export function dealPhrases(phrases, layoutIds, practice, test, seed) {
  const random = seededRandom(seed);
  let pool = [];
  const next = () => {
    if (!pool.length) pool = shuffled(phrases, random);
    return pool.shift();
  };
  const dealt = {};
  for (const id of layoutIds) {
    dealt[id] = { practice: Array.from({ length: practice }, next), test: Array.from({ length: test }, next) };
  }
  return dealt;
}
