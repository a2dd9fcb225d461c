/*
 * postfix_keyboard.h: the postfix-accent keyboard engine for C and C++ hosts.
 *
 * A host (an input method such as fcitx5, an editor, a test program) opens a *layout*, makes
 * a *session* on it, tells the session the text before the caret (the *context*), presses
 * keys, and applies the *edit* each press returns to its own text: delete so many
 * characters before the caret, then insert a UTF-8 string. The engine never touches the
 * host's text itself. Words as in docs/architecture.md: an *accent* is a postfix mark key
 * (type `a`, then `´`, get `á`); backspace after an accented letter takes only the accent off.
 *
 * Design decisions:
 * - Handles (pk_layout, pk_session) are opaque tokens, never pointers to memory: the library
 *   looks each one up in a registry of live handles, so NULL, freed and foreign handles give
 *   PK_ERROR_INVALID_HANDLE, never a crash.
 * - Every function returns a pk_status; results come back through out-parameters. Nothing
 *   traps, nothing throws across the boundary.
 * - Text comes back copied into the caller's buffer (snprintf style, as libxkbcommon does):
 *   the caller owns the buffer; the library writes at most `size` bytes, NUL-terminated, cut
 *   at a character boundary, and stores the full length (bytes, without the NUL) in
 *   `*length`. A buffer too small gives PK_ERROR_BUFFER_TOO_SMALL, so call again with
 *   `*length + 1` bytes. `buffer` may be NULL when `size` is 0 (a length query).
 * - The only pointers the library returns are the static strings of pk_version_string() and
 *   pk_status_message(): valid for the life of the process, never freed.
 *
 * Ownership: pk_layout_open_* make a layout the caller frees with pk_layout_free;
 * pk_session_new makes a session the caller frees with pk_session_free. A session keeps
 * what it needs of its layout: the layout may be freed before its sessions.
 *
 * Threads: layouts are immutable and may be shared by any threads. A session is used from
 * one thread at a time (calls on one session are serialised inside, so misuse cannot corrupt
 * memory, but their order is then undefined); different sessions on different threads are
 * fine. Opening, freeing and looking up handles are thread-safe.
 *
 * Build: `swift build -c release --product postfix-keyboard` gives
 * .build/release/libpostfix-keyboard.so; include this header from
 * Sources/CPostfixKeyboard/include. See docs/c-api.md.
 */
#ifndef POSTFIX_KEYBOARD_H
#define POSTFIX_KEYBOARD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------------------ */

/** The version of this interface: the header's, compare with pk_version(). */
#define PK_VERSION_MAJOR 0
#define PK_VERSION_MINOR 1
#define PK_VERSION_PATCH 0
/** A version as one number: (major << 16) | (minor << 8) | patch. */
#define PK_VERSION_NUMBER(major, minor, patch) (((uint32_t)(major) << 16) | ((uint32_t)(minor) << 8) | (uint32_t)(patch))

/** The version of the library loaded at run time, as PK_VERSION_NUMBER gives it. */
uint32_t pk_version(void);

/** The same as "MAJOR.MINOR.PATCH"; a static string, never freed. */
const char *pk_version_string(void);

/* ---- Status codes ------------------------------------------------------------------- */

/** What every function returns. The values are stable. */
typedef enum pk_status {
    /** It worked. */
    PK_OK = 0,
    /** A required pointer argument is NULL. */
    PK_ERROR_NULL = 1,
    /** A layout or session handle that is not live: NULL, freed, or not one of ours. */
    PK_ERROR_INVALID_HANDLE = 2,
    /** Text given is not valid UTF-8. */
    PK_ERROR_INVALID_UTF8 = 3,
    /** No such key: a key index past the layout's keys, or a key name that does not resolve. */
    PK_ERROR_UNKNOWN_KEY = 4,
    /** No shipped layout has that id. */
    PK_ERROR_UNKNOWN_LAYOUT = 5,
    /** The layout's JSON has errors (the diagnostics say which). */
    PK_ERROR_LAYOUT_INVALID = 6,
    /** An index, length or enum value out of range (an alternate the key does not have). */
    PK_ERROR_OUT_OF_RANGE = 7,
    /** The caller's buffer is too small; `*length` holds the length needed (without the NUL). */
    PK_ERROR_BUFFER_TOO_SMALL = 8,
    /** The physical key presses no key of the layout: the host passes it to the application. */
    PK_ERROR_UNMAPPED_KEY = 9,
} pk_status;

/** A short English message for a status, e.g. "invalid handle"; a static string, never
 *  freed; "unknown status" for a value not listed above. */
const char *pk_status_message(int status);

/* ---- Layouts ------------------------------------------------------------------------ */

/** An immutable layout. Opaque: a handle, not a pointer to memory. */
typedef struct pk_layout pk_layout;

/**
 * Opens a shipped layout by id ("hu-touch", "cs-touch", "da-touch", …; a folder named by the
 * environment variable KBD_LAYOUTS_DIR is read first).
 *
 * On success `*out_layout` is a new layout the caller frees with pk_layout_free. On failure
 * `*out_layout` is NULL and the status says why (PK_ERROR_UNKNOWN_LAYOUT, PK_ERROR_LAYOUT_INVALID).
 * The loader's diagnostics (errors and warnings, one per line, `file:line:col: error: … [KBD-E205]`)
 * are copied into `diagnostics` (may be NULL with `diagnostics_size` 0), cut to fit, and their
 * full length stored in `*diagnostics_length` (may be NULL); a cut never changes the status.
 */
pk_status pk_layout_open_id(const char *id, pk_layout **out_layout, char *diagnostics, size_t diagnostics_size,
                            size_t *diagnostics_length);

/** Opens a layout from the JSON text of a layout file (`json`, `length` bytes, need not be
 *  NUL-terminated), as pk_layout_open_id does. */
pk_status pk_layout_open_json(const char *json, size_t length, pk_layout **out_layout, char *diagnostics,
                              size_t diagnostics_size, size_t *diagnostics_length);

/** Frees a layout. Its sessions keep working. A handle already freed gives PK_ERROR_INVALID_HANDLE. */
pk_status pk_layout_free(pk_layout *layout);

/** The layout's id, copied into the caller's buffer (see the buffer rule above). */
pk_status pk_layout_id(const pk_layout *layout, char *buffer, size_t size, size_t *length);

/** How many keys the layout has, on all layers: key indices run from 0 to `*count - 1`. */
pk_status pk_layout_key_count(const pk_layout *layout, uint32_t *count);

/** How many layers the layout has. */
pk_status pk_layout_layer_count(const pk_layout *layout, uint32_t *count);

/** The name of key `key` as `kbdsim --trace` prints it (`a`, `´`, `⇧`, `123`), copied. */
pk_status pk_layout_key_name(const pk_layout *layout, uint32_t key, char *buffer, size_t size, size_t *length);

/** The index of the key named `name` (NUL-terminated UTF-8, as pk_layout_key_name gives it or the
 *  key's id, `AC01`) on layer `layer`, in `*key`. PK_ERROR_UNKNOWN_KEY when no key of the layer has
 *  that name, PK_ERROR_OUT_OF_RANGE for a layer the layout does not have. */
pk_status pk_layout_key_named(const pk_layout *layout, uint32_t layer, const char *name, uint32_t *key);

/** How many long-press alternates key `key` offers (0 for most keys). */
pk_status pk_layout_alternate_count(const pk_layout *layout, uint32_t key, uint32_t *count);

/** Long-press alternate `index` of key `key` (`ő` of hu-touch's `o`), copied. */
pk_status pk_layout_alternate(const pk_layout *layout, uint32_t key, uint32_t index, char *buffer, size_t size,
                              size_t *length);

/* ---- Sessions ----------------------------------------------------------------------- */

/** Typing on a layout: shift and layer state and the text before the caret. Opaque. */
typedef struct pk_session pk_session;

/** Makes a session on `layout`: empty context, base layer, shift off. The caller frees it
 *  with pk_session_free. */
pk_status pk_session_new(const pk_layout *layout, pk_session **out_session);

/** Frees a session. */
pk_status pk_session_free(pk_session *session);

/**
 * Tells the session the text before the caret (`length` bytes of UTF-8; need not be
 * NUL-terminated; NULL with length 0 is the empty text), in the host's own form (NFC, NFD or
 * mixed). Accents and backspace then work on it as on typed text, and deletions are counted
 * in the scalars the host holds. Invalid UTF-8 gives PK_ERROR_INVALID_UTF8 and changes nothing.
 * The last edit becomes the empty edit.
 */
pk_status pk_session_set_context(pk_session *session, const char *text, size_t length);

/** The text before the caret as the session now sees the host's text: the context given,
 *  with every edit since applied. Copied into the caller's buffer. */
pk_status pk_session_text(const pk_session *session, char *buffer, size_t size, size_t *length);

/** Taps key `key` (an index, 0 ..< pk_layout_key_count). PK_ERROR_UNKNOWN_KEY past the end. */
pk_status pk_session_press_key(pk_session *session, uint32_t key);

/**
 * Presses the key named `name` (NUL-terminated UTF-8) on the layer shown now, as
 * `kbdsim --keys` and `kbdsim --trace` write them: `a`, `´`, `⇧` or `shift`, `⌫` or `bksp`,
 * `space`, `return`, `123`; a capital letter presses shift first; `o:ő` long-presses `o`
 * and picks `ő`. The edit of the whole press is one edit. PK_ERROR_UNKNOWN_KEY when the name
 * does not resolve, PK_ERROR_INVALID_UTF8 when it is not UTF-8.
 */
pk_status pk_session_press_name(pk_session *session, const char *name);

/**
 * Presses what an X keysym (as XKB and IBus give it: `a` 0x61, `G` 0x47, BackSpace 0xff08,
 * Return 0xff0d, a Unicode keysym 0x1000000 + U) types, through the same physical-key map as
 * the simulator and the IBus engine: a letter presses the key with that letter, hu-touch's
 * ´ ¨ ˝ sit on `;` `'` `[` of a US keyboard, an accent's symbol presses the accent key, and a
 * character the shown layer has no key for (a capital, a digit) is typed with the keys that
 * type it (shift, 123). PK_ERROR_UNMAPPED_KEY when it presses nothing (arrows, modifiers, a
 * character the layout cannot type, BackSpace on a layout without one): the host passes the
 * key to the application.
 */
pk_status pk_session_press_keysym(pk_session *session, uint32_t keysym);

/**
 * Presses the key at XKB keycode `keycode` (the evdev code + 8, as xkbcommon and fcitx5's
 * Key::code() give it) as a US keyboard would: the key's US keysym (`;` at AC10, `:` when
 * `shifted` is nonzero) goes through pk_session_press_keysym, so the host's own XKB layout
 * does not matter. PK_ERROR_UNMAPPED_KEY for keys that type nothing (modifiers, arrows,
 * function keys) and keys the layout does not use.
 */
pk_status pk_session_press_keycode(pk_session *session, uint32_t keycode, int shifted);

/** Long-presses key `key` and picks its alternate `alternate` (see pk_layout_alternate).
 *  PK_ERROR_UNKNOWN_KEY for no such key, PK_ERROR_OUT_OF_RANGE for no such alternate. */
pk_status pk_session_long_press(pk_session *session, uint32_t key, uint32_t alternate);

/* ---- Edits -------------------------------------------------------------------------- */

/** What a key press did to the text. */
typedef enum pk_effect {
    /** Nothing changed (shift, a layer key, backspace at the start). */
    PK_EFFECT_NONE = 0,
    /** Text was typed. */
    PK_EFFECT_TYPED = 1,
    /** The accent `accent` went onto the letter before the caret (`a ´` → `á`). */
    PK_EFFECT_ACCENT_ADDED = 2,
    /** The letter's accent was replaced by `accent` (`ö ˝` → `ő`). */
    PK_EFFECT_ACCENT_REPLACED = 3,
    /** The accent `accent` had no letter to go on: its spacing symbol was typed (`b ´` → `b´`). */
    PK_EFFECT_ACCENT_SYMBOL = 4,
    /** Backspace took only the accent off (`á ⌫` → `a`). */
    PK_EFFECT_ACCENT_REMOVED = 5,
    /** Backspace deleted the whole character (grapheme). */
    PK_EFFECT_GRAPHEME_DELETED = 6,
} pk_effect;

/**
 * The last edit: delete so much before the caret, then insert the text of
 * pk_session_edit_text. The three delete counts measure the same characters, in the host's
 * text as it was before the edit: a host counting in UTF-8 bytes (GTK, fcitx5's surrounding
 * text in bytes) or in UTF-16 units (Qt, Java) uses its own.
 */
typedef struct pk_edit {
    /** Unicode scalars (code points) to delete before the caret. */
    uint32_t delete_scalars;
    /** The same, in UTF-8 bytes. */
    uint32_t delete_utf8;
    /** The same, in UTF-16 code units. */
    uint32_t delete_utf16;
    /** The length of the text to insert, in UTF-8 bytes (without a NUL). */
    uint32_t insert_length;
    /** A pk_effect. */
    int32_t effect;
    /** For the accent effects, the accent's index in the layout; otherwise -1. */
    int32_t accent;
} pk_edit;

/** The edit of the last press on the session (the empty edit before any, and after
 *  pk_session_set_context), copied into `*out_edit`. */
pk_status pk_session_last_edit(const pk_session *session, pk_edit *out_edit);

/** The UTF-8 (NFC) text the last edit inserts, copied into the caller's buffer. */
pk_status pk_session_edit_text(const pk_session *session, char *buffer, size_t size, size_t *length);

/* ---- State -------------------------------------------------------------------------- */

/** The shift state. */
typedef enum pk_shift {
    /** Lower case. */
    PK_SHIFT_OFF = 0,
    /** The next letter is a capital, then shift lets go. */
    PK_SHIFT_ONCE = 1,
    /** Caps lock. */
    PK_SHIFT_LOCKED = 2,
} pk_shift;

/** The layer shown now (an index, 0 ..< pk_layout_layer_count): the chosen layer with shift applied. */
pk_status pk_session_layer(const pk_session *session, uint32_t *layer);

/** The shift state, a pk_shift. */
pk_status pk_session_shift(const pk_session *session, pk_shift *shift);

/** What backspace deletes. */
typedef enum pk_backspace {
    /** Only the accent, when the character before the caret carries one of the layout's accents. */
    PK_BACKSPACE_ACCENT = 0,
    /** Always the whole character. */
    PK_BACKSPACE_GRAPHEME = 1,
} pk_backspace;

/** Chooses what backspace deletes (as kbdsim's `--backspace`); a session starts with the
 *  layout's own choice. PK_ERROR_OUT_OF_RANGE for a value not in pk_backspace. */
pk_status pk_session_set_backspace(pk_session *session, int backspace);

/** What backspace deletes now, a pk_backspace. */
pk_status pk_session_backspace(const pk_session *session, pk_backspace *backspace);

#ifdef __cplusplus
}
#endif

#endif /* POSTFIX_KEYBOARD_H */
