/*
 * Utf8Text.h: the little UTF-8 arithmetic the add-on needs on fcitx5's strings: fcitx5
 * counts the surrounding text's cursor and deletions in characters (code points), the
 * engine hands back UTF-8.
 */
#ifndef KBDSIM_FCITX5_UTF8TEXT_H
#define KBDSIM_FCITX5_UTF8TEXT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace kbdsim::utf8 {

/** The byte offset of code point `index` in `text`, or std::string::npos when `text` has
 *  fewer code points (an invalid cursor) or is not valid UTF-8 up to there. O(index). */
size_t byteOffset(const std::string &text, size_t index);

/** The last `count` code points of `text[0, end)` (fewer when there are fewer). */
std::string lastCodePoints(const std::string &text, size_t end, size_t count);

/** `text` without its last `count` code points. */
std::string dropLastCodePoints(const std::string &text, size_t count);

/** The number of code points in `text`. */
size_t codePointCount(const std::string &text);

/** The byte offset where the last code point of `text` starts (0 for the empty text). */
size_t lastCodePointStart(const std::string &text);

/** The code point that starts at byte `offset` of `text` (0 past the end). */
uint32_t codePointAt(const std::string &text, size_t offset);

/** Whether a held character `c` may still change: a letter an accent or backspace may
 *  change (ASCII letters, and the letters of Latin-1 to Latin Extended, Greek, Cyrillic). */
bool isLetter(uint32_t c);

} // namespace kbdsim::utf8

#endif
