// The kbdsim IBus engine class: a GObject subclass of IBusEngine whose virtual methods call
// the Swift callbacks, and the IBus calls the Swift side makes. See include/kbdsim_ibus.h.
#include "kbdsim_ibus.h"

#include <ibus.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    IBusEngine parent;
    int64_t handle;
    // Whether the client has reported surrounding text at all.
    gboolean has_surrounding;
    // Whether the engine changed the text since the client last reported it.
    gboolean surrounding_stale;
} KbdsimEngine;

typedef struct {
    IBusEngineClass parent;
} KbdsimEngineClass;

static const KbdsimEngineCallbacks *callbacks = NULL;
GType kbdsim_engine_get_type(void);
G_DEFINE_TYPE(KbdsimEngine, kbdsim_engine, IBUS_TYPE_ENGINE)

#define KBDSIM_ENGINE(object) ((KbdsimEngine *)(object))

static void kbdsim_engine_init(KbdsimEngine *engine) {
    engine->handle = -1;
    engine->has_surrounding = FALSE;
    engine->surrounding_stale = FALSE;
}

static void kbdsim_engine_constructed(GObject *object) {
    G_OBJECT_CLASS(kbdsim_engine_parent_class)->constructed(object);
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    const gchar *name = ibus_engine_get_name(IBUS_ENGINE(object));
    engine->handle = callbacks->create((KbdsimEngineRef *)engine, name ? name : "");
}

static void kbdsim_engine_destroy(IBusObject *object) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) {
        callbacks->destroy(engine->handle);
        engine->handle = -1;
    }
    IBUS_OBJECT_CLASS(kbdsim_engine_parent_class)->destroy(object);
}

static gboolean kbdsim_engine_process_key_event(IBusEngine *object, guint keyval, guint keycode, guint state) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle < 0) return FALSE;
    return callbacks->process_key(engine->handle, keyval, keycode, state) != 0;
}

static void kbdsim_engine_focus_in(IBusEngine *object) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) callbacks->focus(engine->handle, 1);
}

static void kbdsim_engine_focus_out(IBusEngine *object) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) callbacks->focus(engine->handle, 0);
}

static void kbdsim_engine_reset(IBusEngine *object) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) callbacks->reset(engine->handle);
}

static void kbdsim_engine_enable(IBusEngine *object) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) callbacks->enable(engine->handle, 1);
}

static void kbdsim_engine_disable(IBusEngine *object) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) callbacks->enable(engine->handle, 0);
}

static void kbdsim_engine_set_surrounding_text(IBusEngine *object, IBusText *text, guint cursor, guint anchor) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    engine->has_surrounding = TRUE;
    engine->surrounding_stale = FALSE;
    IBUS_ENGINE_CLASS(kbdsim_engine_parent_class)->set_surrounding_text(object, text, cursor, anchor);
}

static void kbdsim_engine_candidate_clicked(IBusEngine *object, guint index, guint button, guint state) {
    (void)button;
    (void)state;
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) callbacks->candidate_clicked(engine->handle, index);
}

static void navigate(IBusEngine *object, int32_t direction) {
    KbdsimEngine *engine = KBDSIM_ENGINE(object);
    if (engine->handle >= 0) callbacks->navigate(engine->handle, direction);
}
static void kbdsim_engine_cursor_up(IBusEngine *object) { navigate(object, -1); }
static void kbdsim_engine_cursor_down(IBusEngine *object) { navigate(object, 1); }

static void kbdsim_engine_class_init(KbdsimEngineClass *klass) {
    G_OBJECT_CLASS(klass)->constructed = kbdsim_engine_constructed;
    IBUS_OBJECT_CLASS(klass)->destroy = kbdsim_engine_destroy;
    IBusEngineClass *engine_class = IBUS_ENGINE_CLASS(klass);
    engine_class->process_key_event = kbdsim_engine_process_key_event;
    engine_class->focus_in = kbdsim_engine_focus_in;
    engine_class->focus_out = kbdsim_engine_focus_out;
    engine_class->reset = kbdsim_engine_reset;
    engine_class->enable = kbdsim_engine_enable;
    engine_class->disable = kbdsim_engine_disable;
    engine_class->set_surrounding_text = kbdsim_engine_set_surrounding_text;
    engine_class->candidate_clicked = kbdsim_engine_candidate_clicked;
    engine_class->cursor_up = kbdsim_engine_cursor_up;
    engine_class->cursor_down = kbdsim_engine_cursor_down;
    engine_class->page_up = kbdsim_engine_cursor_up;
    engine_class->page_down = kbdsim_engine_cursor_down;
}

static void on_disconnected(IBusBus *bus, gpointer data) {
    (void)bus;
    (void)data;
    ibus_quit();
}

int kbdsim_ibus_run(const KbdsimEngineCallbacks *engine_callbacks, const char *component, const char *const *names,
                    int32_t count) {
    callbacks = engine_callbacks;
    ibus_init();
    IBusBus *bus = ibus_bus_new();
    if (!ibus_bus_is_connected(bus)) {
        fprintf(stderr, "kbdsim ibus --engine: no IBus daemon to connect to (is ibus-daemon running, "
                        "and IBUS_ADDRESS right?)\n");
        g_object_unref(bus);
        return 1;
    }
    g_signal_connect(bus, "disconnected", G_CALLBACK(on_disconnected), NULL);
    IBusFactory *factory = ibus_factory_new(ibus_bus_get_connection(bus));
    for (int32_t index = 0; index < count; index++) {
        ibus_factory_add_engine(factory, names[index], kbdsim_engine_get_type());
    }
    ibus_bus_request_name(bus, component, 0);
    ibus_main();
    g_object_unref(factory);
    g_object_unref(bus);
    return 0;
}

void kbdsim_ibus_commit(KbdsimEngineRef *engine, const char *text) {
    KBDSIM_ENGINE(engine)->surrounding_stale = TRUE;
    ibus_engine_commit_text(IBUS_ENGINE(engine), ibus_text_new_from_string(text));
}

void kbdsim_ibus_delete_before(KbdsimEngineRef *engine, uint32_t count) {
    if (count == 0) return;
    KBDSIM_ENGINE(engine)->surrounding_stale = TRUE;
    ibus_engine_delete_surrounding_text(IBUS_ENGINE(engine), -(gint)count, count);
}

void kbdsim_ibus_forward_key(KbdsimEngineRef *engine, uint32_t keyval, uint32_t keycode, uint32_t state) {
    ibus_engine_forward_key_event(IBUS_ENGINE(engine), keyval, keycode, state);
}

uint32_t kbdsim_ibus_capabilities(KbdsimEngineRef *engine) { return IBUS_ENGINE(engine)->client_capabilities; }

int32_t kbdsim_ibus_wants_preedit(KbdsimEngineRef *engine) {
    guint capabilities = IBUS_ENGINE(engine)->client_capabilities;
    return (capabilities & IBUS_CAP_PREEDIT_TEXT) && !(capabilities & IBUS_CAP_SURROUNDING_TEXT);
}

void kbdsim_ibus_update_preedit(KbdsimEngineRef *engine, const char *text) {
    IBusText *preedit = ibus_text_new_from_string(text);
    guint length = ibus_text_get_length(preedit);
    if (length > 0) ibus_text_append_attribute(preedit, IBUS_ATTR_TYPE_UNDERLINE, IBUS_ATTR_UNDERLINE_SINGLE, 0, length);
    ibus_engine_update_preedit_text_with_mode(IBUS_ENGINE(engine), preedit, length, length > 0,
                                              IBUS_ENGINE_PREEDIT_COMMIT);
}

void kbdsim_ibus_request_surrounding(KbdsimEngineRef *engine) {
    ibus_engine_get_surrounding_text(IBUS_ENGINE(engine), NULL, NULL, NULL);
}

int32_t kbdsim_ibus_text_before_caret(KbdsimEngineRef *engine, const char **text, int64_t *length) {
    IBusText *surrounding = NULL;
    guint cursor = 0;
    guint anchor = 0;
    ibus_engine_get_surrounding_text(IBUS_ENGINE(engine), &surrounding, &cursor, &anchor);
    if (surrounding == NULL) return 0;
    // The engine keeps its own reference until the client reports new text.
    const gchar *utf8 = ibus_text_get_text(surrounding);
    g_object_unref(surrounding);
    KbdsimEngine *self = KBDSIM_ENGINE(engine);
    if (!self->has_surrounding || self->surrounding_stale || utf8 == NULL ||
        !(IBUS_ENGINE(engine)->client_capabilities & IBUS_CAP_SURROUNDING_TEXT)) {
        return 0;
    }
    if (anchor != cursor) {
        // A selection: what the engine types replaces it, so nothing before it counts.
        *text = utf8;
        *length = 0;
        return 2;
    }
    const gchar *caret = utf8;
    for (guint index = 0; index < cursor; index++) {
        if (*caret == '\0') return 0;
        caret = g_utf8_next_char(caret);
    }
    *text = utf8;
    *length = (int64_t)(caret - utf8);
    return 1;
}

void kbdsim_ibus_show_candidates(KbdsimEngineRef *engine, const char *const *labels, int32_t count, int32_t cursor,
                                 const char *title) {
    IBusLookupTable *table = ibus_lookup_table_new(count > 9 ? 9 : (guint)(count > 0 ? count : 1),
                                                   (guint)(cursor > 0 ? cursor : 0), TRUE, TRUE);
    for (int32_t index = 0; index < count; index++) {
        ibus_lookup_table_append_candidate(table, ibus_text_new_from_string(labels[index]));
    }
    ibus_lookup_table_set_orientation(table, IBUS_ORIENTATION_HORIZONTAL);
    ibus_engine_update_lookup_table(IBUS_ENGINE(engine), table, TRUE);
    ibus_engine_update_auxiliary_text(IBUS_ENGINE(engine), ibus_text_new_from_string(title), TRUE);
}

void kbdsim_ibus_hide_candidates(KbdsimEngineRef *engine) {
    ibus_engine_hide_lookup_table(IBUS_ENGINE(engine));
    ibus_engine_hide_auxiliary_text(IBUS_ENGINE(engine));
}

void kbdsim_ibus_show_layout(KbdsimEngineRef *engine, const char *symbol, const char *label, const char *tooltip) {
    IBusPropList *list = ibus_prop_list_new();
    IBusProperty *property =
        ibus_property_new("kbdsim.layout", PROP_TYPE_NORMAL, ibus_text_new_from_string(label), NULL,
                          ibus_text_new_from_string(tooltip), TRUE, TRUE, PROP_STATE_UNCHECKED, NULL);
    ibus_property_set_symbol(property, ibus_text_new_from_string(symbol));
    ibus_prop_list_append(list, property);
    ibus_engine_register_properties(IBUS_ENGINE(engine), list);
}
