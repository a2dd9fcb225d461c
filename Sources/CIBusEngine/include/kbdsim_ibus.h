// The IBus engine class of kbdsim, in C because an IBus engine is a GObject subclass.
//
// The class only forwards IBus's calls to the callbacks below (implemented in Swift, in
// Sources/IBusEngine) and offers the few IBus calls those callbacks need. An engine is
// handed to Swift as an opaque pointer; nothing here exposes GLib or IBus types, so Swift
// never imports <ibus.h>.
#ifndef KBDSIM_IBUS_H
#define KBDSIM_IBUS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One engine instance, as IBus created it for an input context.
typedef struct KbdsimEngineRef KbdsimEngineRef;

/// The Swift side of the engine. Every callback runs on the thread that called
/// `kbdsim_ibus_run`, inside the GLib main loop.
typedef struct KbdsimEngineCallbacks {
    /// A new engine named `name` (`kbdsim:hu-touch`); returns a handle >= 0, or -1 to refuse.
    int64_t (*create)(KbdsimEngineRef *engine, const char *name);
    /// The engine with this handle is gone; the pointer given to `create` is no longer valid.
    void (*destroy)(int64_t handle);
    /// A key event; returns 1 when the engine used it, 0 to let the application have it.
    int32_t (*process_key)(int64_t handle, uint32_t keyval, uint32_t keycode, uint32_t state);
    /// Focus in (1) or out (0).
    void (*focus)(int64_t handle, int32_t focused);
    /// The client asked for a reset (the caret moved, a click elsewhere).
    void (*reset)(int64_t handle);
    /// The engine was enabled (1) or disabled (0) on its input context.
    void (*enable)(int64_t handle, int32_t enabled);
    /// A candidate of the lookup table was clicked (index within the table).
    void (*candidate_clicked)(int64_t handle, uint32_t index);
    /// The panel's cursor or page buttons: -1 up / previous, 1 down / next.
    void (*navigate)(int64_t handle, int32_t direction);
} KbdsimEngineCallbacks;

/// Connects to the IBus daemon, offers one engine per name under the bus name `component`,
/// and runs until the daemon goes away. Returns 0 after a clean disconnection, 1 when no
/// daemon could be reached (the message is written to standard error).
int kbdsim_ibus_run(const KbdsimEngineCallbacks *callbacks, const char *component, const char *const *names,
                    int32_t count);

/// ibus_engine_commit_text: inserts UTF-8 text at the client's caret.
void kbdsim_ibus_commit(KbdsimEngineRef *engine, const char *text);
/// ibus_engine_delete_surrounding_text: deletes `count` characters (code points) before the caret.
void kbdsim_ibus_delete_before(KbdsimEngineRef *engine, uint32_t count);
/// ibus_engine_forward_key_event: hands a key event to the application.
void kbdsim_ibus_forward_key(KbdsimEngineRef *engine, uint32_t keyval, uint32_t keycode, uint32_t state);
/// The client's capabilities (IBUS_CAP_*).
uint32_t kbdsim_ibus_capabilities(KbdsimEngineRef *engine);
/// Whether the client can show preedit text but takes no deletions before the caret (it lacks
/// IBUS_CAP_SURROUNDING_TEXT, as terminals do): the engine then holds what it may still change
/// as preedit.
int32_t kbdsim_ibus_wants_preedit(KbdsimEngineRef *engine);
/// ibus_engine_update_preedit_text_with_mode: shows UTF-8 `text` underlined at the caret, with
/// the caret after it, or hides the preedit when `text` is empty. The mode is
/// IBUS_ENGINE_PREEDIT_COMMIT: on focus-out or reset the client commits what is shown.
void kbdsim_ibus_update_preedit(KbdsimEngineRef *engine, const char *text);

/// The text before the caret as the client last reported it (ibus_engine_get_surrounding_text):
/// `*text` points at UTF-8 owned by the engine, valid until the next callback; `*length` is its
/// byte count up to the caret. Returns 0 (and sets nothing) when the client has reported no
/// surrounding text, when the engine committed or deleted text since the client last reported
/// it (the report is stale), or when its caret lies outside the text. Returns 2 when the client
/// has a selection: the text before the caret is then empty (`*length` 0), since what the engine
/// types replaces the selection. Asking also tells the client that the engine wants surrounding
/// text.
int32_t kbdsim_ibus_text_before_caret(KbdsimEngineRef *engine, const char **text, int64_t *length);
/// Tells the client the engine uses surrounding text (without reading it).
void kbdsim_ibus_request_surrounding(KbdsimEngineRef *engine);

/// Shows a lookup table of `count` UTF-8 labels with the cursor on `cursor`, and `title` as
/// auxiliary text.
void kbdsim_ibus_show_candidates(KbdsimEngineRef *engine, const char *const *labels, int32_t count, int32_t cursor,
                                 const char *title);
/// Hides the lookup table and the auxiliary text.
void kbdsim_ibus_hide_candidates(KbdsimEngineRef *engine);
/// Registers one property whose label names the layout (the panel's menu shows it).
void kbdsim_ibus_show_layout(KbdsimEngineRef *engine, const char *symbol, const char *label, const char *tooltip);

#ifdef __cplusplus
}
#endif

#endif
