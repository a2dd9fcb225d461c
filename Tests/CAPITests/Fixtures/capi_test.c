/*
 * capi_test.c: every function of postfix_keyboard.h, with good and bad input, as a C host
 * calls them. Run by CAPITests.swift: `capi_test REPO_ROOT`; prints one line per typed text
 * and "capi_test: N checks passed", and exits 1 at the first failed check.
 */
#include "postfix_keyboard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks = 0;

#define CHECK(condition)                                                                                  \
    do {                                                                                                  \
        checks++;                                                                                         \
        if (!(condition)) {                                                                               \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #condition);                                   \
            exit(1);                                                                                      \
        }                                                                                                 \
    } while (0)

#define CHECK_STATUS(call, expected)                                                                      \
    do {                                                                                                  \
        int status_ = (call);                                                                             \
        checks++;                                                                                         \
        if (status_ != (expected)) {                                                                      \
            printf("FAIL %s:%d: %s gave %d (%s), expected %s\n", __FILE__, __LINE__, #call, status_,     \
                   pk_status_message(status_), #expected);                                                \
            exit(1);                                                                                      \
        }                                                                                                 \
    } while (0)

/* The session's text before the caret, in a static buffer. */
static const char *text_of(const pk_session *session) {
    static char buffer[256];
    size_t length = 0;
    CHECK_STATUS(pk_session_text(session, buffer, sizeof buffer, &length), PK_OK);
    CHECK(length == strlen(buffer));
    return buffer;
}

/* Presses the keys named in `names`, separated by single spaces. */
static void press_names(pk_session *session, const char *names) {
    char copy[256];
    snprintf(copy, sizeof copy, "%s", names);
    for (char *name = strtok(copy, " "); name != NULL; name = strtok(NULL, " ")) {
        CHECK_STATUS(pk_session_press_name(session, name), PK_OK);
    }
}

/* Checks the last edit: deletions in scalars, UTF-8 and UTF-16, the text inserted, the effect. */
static void check_edit(const pk_session *session, uint32_t scalars, uint32_t utf8, uint32_t utf16,
                       const char *insert, int effect) {
    pk_edit edit;
    char text[64];
    size_t length = 0;
    CHECK_STATUS(pk_session_last_edit(session, &edit), PK_OK);
    CHECK_STATUS(pk_session_edit_text(session, text, sizeof text, &length), PK_OK);
    if (edit.delete_scalars != scalars || edit.delete_utf8 != utf8 || edit.delete_utf16 != utf16 ||
        strcmp(text, insert) != 0 || edit.effect != effect || edit.insert_length != strlen(insert)) {
        printf("FAIL edit: delete %u/%u/%u insert \"%s\" (%u bytes) effect %d; expected %u/%u/%u \"%s\" effect %d\n",
               edit.delete_scalars, edit.delete_utf8, edit.delete_utf16, text, edit.insert_length, edit.effect,
               scalars, utf8, utf16, insert, effect);
        exit(1);
    }
    checks++;
}

static pk_layout *open_layout(const char *id) {
    pk_layout *layout = NULL;
    CHECK_STATUS(pk_layout_open_id(id, &layout, NULL, 0, NULL), PK_OK);
    CHECK(layout != NULL);
    return layout;
}

static void test_version_and_messages(void) {
    CHECK(pk_version() == PK_VERSION_NUMBER(PK_VERSION_MAJOR, PK_VERSION_MINOR, PK_VERSION_PATCH));
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", PK_VERSION_MAJOR, PK_VERSION_MINOR, PK_VERSION_PATCH);
    CHECK(strcmp(pk_version_string(), expected) == 0);
    for (int status = PK_OK; status <= PK_ERROR_UNMAPPED_KEY; status++) {
        CHECK(strcmp(pk_status_message(status), "unknown status") != 0);
    }
    CHECK(strcmp(pk_status_message(-1), "unknown status") == 0);
    CHECK(strcmp(pk_status_message(999), "unknown status") == 0);
    printf("version %s\n", pk_version_string());
}

static void test_opening(const char *root) {
    char diagnostics[1024];
    size_t length = 0;
    pk_layout *layout = (pk_layout *)1;
    CHECK_STATUS(pk_layout_open_id("xx-none", &layout, diagnostics, sizeof diagnostics, &length), PK_ERROR_UNKNOWN_LAYOUT);
    CHECK(layout == NULL && length == strlen(diagnostics) && strstr(diagnostics, "KBD-E104") != NULL);
    printf("unknown layout: %s\n", diagnostics);
    CHECK_STATUS(pk_layout_open_id(NULL, &layout, NULL, 0, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_layout_open_id("hu-touch", NULL, NULL, 0, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_layout_open_id("hu-\xff", &layout, NULL, 0, NULL), PK_ERROR_INVALID_UTF8);

    const char *broken = "{\"formatVersion\": 1, \"id\": \"x\", \"layers\": [{\"id\": \"base\", \"rows\": 3}]}";
    CHECK_STATUS(pk_layout_open_json(broken, strlen(broken), &layout, diagnostics, sizeof diagnostics, &length),
                 PK_ERROR_LAYOUT_INVALID);
    CHECK(layout == NULL && strstr(diagnostics, "error:") != NULL);
    printf("invalid layout: %.60s\n", diagnostics);
    /* A diagnostics buffer too small is cut, and the length says how much there was. */
    char small[8];
    CHECK_STATUS(pk_layout_open_json("{", 1, &layout, small, sizeof small, &length), PK_ERROR_LAYOUT_INVALID);
    CHECK(strlen(small) == 7 && length > 7);
    CHECK_STATUS(pk_layout_open_json("{\"a\": \"\xc3\x28\"}", 11, &layout, NULL, 0, NULL), PK_ERROR_INVALID_UTF8);
    CHECK_STATUS(pk_layout_open_json(NULL, 4, &layout, NULL, 0, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_layout_open_json("{}", (size_t)-1, &layout, NULL, 0, NULL), PK_ERROR_OUT_OF_RANGE);

    /* A layout file's text, read by the host. */
    char path[1024];
    snprintf(path, sizeof path, "%s/Layouts/cs-touch.json", root);
    FILE *file = fopen(path, "rb");
    CHECK(file != NULL);
    static char json[1 << 20];
    size_t count = fread(json, 1, sizeof json, file);
    fclose(file);
    CHECK_STATUS(pk_layout_open_json(json, count, &layout, diagnostics, sizeof diagnostics, &length), PK_OK);
    char id[16];
    CHECK_STATUS(pk_layout_id(layout, id, sizeof id, &length), PK_OK);
    CHECK(strcmp(id, "cs-touch") == 0 && length == 8);
    pk_session *session = NULL;
    CHECK_STATUS(pk_session_new(layout, &session), PK_OK);
    CHECK_STATUS(pk_layout_free(layout), PK_OK);
    /* The session outlives its layout: cs-touch r ˇ → ř. */
    press_names(session, "r ˇ");
    check_edit(session, 1, 1, 1, "ř", PK_EFFECT_ACCENT_ADDED);
    printf("cs-touch r ˇ: %s\n", text_of(session));
    CHECK(strcmp(text_of(session), "ř") == 0);
    CHECK_STATUS(pk_session_free(session), PK_OK);
}

static void test_layout_queries(void) {
    pk_layout *layout = open_layout("hu-touch");
    uint32_t keys = 0, layers = 0, key = 0, count = 0;
    char text[64];
    size_t length = 0;
    CHECK_STATUS(pk_layout_key_count(layout, &keys), PK_OK);
    CHECK_STATUS(pk_layout_layer_count(layout, &layers), PK_OK);
    CHECK(keys > 30 && layers >= 2);
    CHECK_STATUS(pk_layout_key_named(layout, 0, "o", &key), PK_OK);
    CHECK_STATUS(pk_layout_key_name(layout, key, text, sizeof text, &length), PK_OK);
    CHECK(strcmp(text, "o") == 0);
    CHECK_STATUS(pk_layout_alternate_count(layout, key, &count), PK_OK);
    CHECK(count >= 3);
    CHECK_STATUS(pk_layout_alternate(layout, key, 2, text, sizeof text, &length), PK_OK);
    CHECK(strcmp(text, "ő") == 0 && length == 2);
    /* Buffers too small, and a length query. */
    CHECK_STATUS(pk_layout_alternate(layout, key, 2, text, 2, &length), PK_ERROR_BUFFER_TOO_SMALL);
    CHECK(text[0] == '\0' && length == 2); /* never half a character */
    CHECK_STATUS(pk_layout_id(layout, text, 3, &length), PK_ERROR_BUFFER_TOO_SMALL);
    CHECK(strcmp(text, "hu") == 0 && length == 8);
    CHECK_STATUS(pk_layout_id(layout, NULL, 0, &length), PK_ERROR_BUFFER_TOO_SMALL);
    CHECK(length == 8);
    CHECK_STATUS(pk_layout_id(layout, NULL, 4, &length), PK_ERROR_NULL);
    /* Unknown keys, layers and alternates. */
    CHECK_STATUS(pk_layout_key_named(layout, 0, "nope", &key), PK_ERROR_UNKNOWN_KEY);
    CHECK_STATUS(pk_layout_key_named(layout, 99, "o", &key), PK_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(pk_layout_key_named(layout, 0, "\xff", &key), PK_ERROR_INVALID_UTF8);
    CHECK_STATUS(pk_layout_key_named(layout, 0, NULL, &key), PK_ERROR_NULL);
    CHECK_STATUS(pk_layout_key_name(layout, keys, text, sizeof text, &length), PK_ERROR_UNKNOWN_KEY);
    CHECK_STATUS(pk_layout_alternate_count(layout, 0xFFFFFFFFu, &count), PK_ERROR_UNKNOWN_KEY);
    CHECK_STATUS(pk_layout_alternate(layout, key, count, text, sizeof text, &length), PK_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(pk_layout_key_count(layout, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_layout_free(layout), PK_OK);
}

static void test_typing(void) {
    pk_layout *layout = open_layout("hu-touch");
    pk_session *session = NULL;
    CHECK_STATUS(pk_session_new(layout, &session), PK_OK);

    /* Győr by trace names: ⇧ shows the capitals, G lets go of shift. */
    pk_shift shift = PK_SHIFT_LOCKED;
    uint32_t layer = 99;
    CHECK_STATUS(pk_session_press_name(session, "⇧"), PK_OK);
    check_edit(session, 0, 0, 0, "", PK_EFFECT_NONE);
    CHECK_STATUS(pk_session_shift(session, &shift), PK_OK);
    CHECK_STATUS(pk_session_layer(session, &layer), PK_OK);
    CHECK(shift == PK_SHIFT_ONCE && layer != 0);
    press_names(session, "G y o ˝");
    check_edit(session, 1, 1, 1, "ő", PK_EFFECT_ACCENT_ADDED);
    press_names(session, "r");
    CHECK_STATUS(pk_session_shift(session, &shift), PK_OK);
    CHECK_STATUS(pk_session_layer(session, &layer), PK_OK);
    CHECK(shift == PK_SHIFT_OFF && layer == 0);
    printf("hu-touch names: %s\n", text_of(session));
    CHECK(strcmp(text_of(session), "Győr") == 0);

    /* Győr by keysyms on a US keyboard: G (shift planned) y o [ (˝) r. */
    CHECK_STATUS(pk_session_set_context(session, NULL, 0), PK_OK);
    const uint32_t keysyms[] = {0x47, 0x79, 0x6f, 0x5b, 0x72};
    for (size_t i = 0; i < sizeof keysyms / sizeof keysyms[0]; i++) {
        CHECK_STATUS(pk_session_press_keysym(session, keysyms[i]), PK_OK);
    }
    printf("hu-touch keysyms: %s\n", text_of(session));
    CHECK(strcmp(text_of(session), "Győr") == 0);
    CHECK_STATUS(pk_session_press_keysym(session, 0xff08), PK_OK); /* BackSpace */
    CHECK_STATUS(pk_session_press_keysym(session, 0xff51), PK_ERROR_UNMAPPED_KEY); /* Left */
    CHECK_STATUS(pk_session_press_keysym(session, 0x1000000 + 0x4E2D), PK_ERROR_UNMAPPED_KEY); /* 中 */
    CHECK(strcmp(text_of(session), "Győ") == 0);

    /* Győr by XKB keycodes (evdev + 8), whatever the host's layout: G shifted, y o [ r. */
    CHECK_STATUS(pk_session_set_context(session, "", 0), PK_OK);
    CHECK_STATUS(pk_session_press_keycode(session, 42, 1), PK_OK);
    const uint32_t keycodes[] = {29, 32, 34, 27};
    for (size_t i = 0; i < sizeof keycodes / sizeof keycodes[0]; i++) {
        CHECK_STATUS(pk_session_press_keycode(session, keycodes[i], 0), PK_OK);
    }
    printf("hu-touch keycodes: %s\n", text_of(session));
    CHECK(strcmp(text_of(session), "Győr") == 0);
    CHECK_STATUS(pk_session_press_keycode(session, 50, 0), PK_ERROR_UNMAPPED_KEY); /* Shift_L */
    CHECK_STATUS(pk_session_press_keycode(session, 0xFFFFFFFFu, 1), PK_ERROR_UNMAPPED_KEY);

    /* a ´ ⌫ leaves a. */
    CHECK_STATUS(pk_session_set_context(session, "", 0), PK_OK);
    press_names(session, "a ´");
    check_edit(session, 1, 1, 1, "á", PK_EFFECT_ACCENT_ADDED);
    press_names(session, "⌫");
    check_edit(session, 1, 2, 1, "a", PK_EFFECT_ACCENT_REMOVED);
    printf("hu-touch a ´ ⌫: %s\n", text_of(session));
    CHECK(strcmp(text_of(session), "a") == 0);

    /* An accent after pasted NFD text: o + U+0308, then ˝ replaces both scalars with ő. */
    const char *nfd = "Gyo\xcc\x88";
    CHECK_STATUS(pk_session_set_context(session, nfd, strlen(nfd)), PK_OK);
    check_edit(session, 0, 0, 0, "", PK_EFFECT_NONE);
    press_names(session, "˝");
    check_edit(session, 2, 3, 2, "ő", PK_EFFECT_ACCENT_REPLACED);
    printf("hu-touch pasted NFD then ˝: %s\n", text_of(session));

    /* Deleting ő: 1 scalar, 2 UTF-8 bytes, 1 UTF-16 unit; an emoji: 1, 4, 2. */
    CHECK_STATUS(pk_session_set_backspace(session, PK_BACKSPACE_GRAPHEME), PK_OK);
    pk_backspace backspace = PK_BACKSPACE_ACCENT;
    CHECK_STATUS(pk_session_backspace(session, &backspace), PK_OK);
    CHECK(backspace == PK_BACKSPACE_GRAPHEME);
    CHECK_STATUS(pk_session_set_context(session, "ő", strlen("ő")), PK_OK);
    press_names(session, "⌫");
    check_edit(session, 1, 2, 1, "", PK_EFFECT_GRAPHEME_DELETED);
    const char *emoji = "x\xf0\x9f\x98\x80";
    CHECK_STATUS(pk_session_set_context(session, emoji, strlen(emoji)), PK_OK);
    press_names(session, "bksp");
    check_edit(session, 1, 4, 2, "", PK_EFFECT_GRAPHEME_DELETED);
    CHECK(strcmp(text_of(session), "x") == 0);
    CHECK_STATUS(pk_session_set_backspace(session, PK_BACKSPACE_ACCENT), PK_OK);
    CHECK_STATUS(pk_session_set_backspace(session, 7), PK_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(pk_session_backspace(session, &backspace), PK_OK);
    CHECK(backspace == PK_BACKSPACE_ACCENT);

    /* Long-press o and pick ő; by name, o:ő. By key index and the layer keys. */
    uint32_t o = 0, number_layer = 0;
    CHECK_STATUS(pk_layout_key_named(layout, 0, "o", &o), PK_OK);
    CHECK_STATUS(pk_session_long_press(session, o, 2), PK_OK);
    check_edit(session, 0, 0, 0, "ő", PK_EFFECT_TYPED);
    press_names(session, "o:ö");
    CHECK(strcmp(text_of(session), "xőö") == 0);
    CHECK_STATUS(pk_session_press_key(session, o), PK_OK);
    check_edit(session, 0, 0, 0, "o", PK_EFFECT_TYPED);
    CHECK_STATUS(pk_session_press_name(session, "123"), PK_OK);
    CHECK_STATUS(pk_session_layer(session, &number_layer), PK_OK);
    CHECK(number_layer != 0);
    printf("hu-touch long-press: %s\n", text_of(session));

    /* Bad keys and text. */
    CHECK_STATUS(pk_session_press_name(session, "nope"), PK_ERROR_UNKNOWN_KEY);
    CHECK_STATUS(pk_session_press_name(session, "o:x"), PK_ERROR_UNKNOWN_KEY);
    CHECK_STATUS(pk_session_press_name(session, "\xc3\x28"), PK_ERROR_INVALID_UTF8);
    CHECK_STATUS(pk_session_press_name(session, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_session_press_key(session, 100000), PK_ERROR_UNKNOWN_KEY);
    CHECK_STATUS(pk_session_long_press(session, 100000, 0), PK_ERROR_UNKNOWN_KEY);
    CHECK_STATUS(pk_session_long_press(session, o, 100), PK_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(pk_session_set_context(session, "\xe2\x82", 2), PK_ERROR_INVALID_UTF8);
    CHECK_STATUS(pk_session_set_context(session, NULL, 3), PK_ERROR_NULL);
    CHECK_STATUS(pk_session_set_context(session, "a", (size_t)-1), PK_ERROR_OUT_OF_RANGE);
    CHECK(strcmp(text_of(session), "xőöo") == 0); /* nothing changed */
    CHECK_STATUS(pk_session_last_edit(session, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_session_shift(session, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_session_layer(session, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_session_backspace(session, NULL), PK_ERROR_NULL);
    CHECK_STATUS(pk_session_new(layout, NULL), PK_ERROR_NULL);

    CHECK_STATUS(pk_session_free(session), PK_OK);
    CHECK_STATUS(pk_layout_free(layout), PK_OK);
}

/* NULL, freed and foreign handles: every function says PK_ERROR_INVALID_HANDLE. */
static void check_bad_layout(const pk_layout *layout) {
    uint32_t number = 0;
    char text[8];
    size_t length = 0;
    pk_session *session = NULL;
    CHECK_STATUS(pk_layout_id(layout, text, sizeof text, &length), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_layout_key_count(layout, &number), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_layout_layer_count(layout, &number), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_layout_key_named(layout, 0, "a", &number), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_layout_key_name(layout, 0, text, sizeof text, &length), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_layout_alternate_count(layout, 0, &number), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_layout_alternate(layout, 0, 0, text, sizeof text, &length), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_new(layout, &session), PK_ERROR_INVALID_HANDLE);
    CHECK(session == NULL);
    CHECK_STATUS(pk_layout_free((pk_layout *)layout), PK_ERROR_INVALID_HANDLE);
}

static void check_bad_session(pk_session *session) {
    pk_edit edit;
    pk_shift shift;
    pk_backspace backspace;
    uint32_t layer;
    char text[8];
    size_t length = 0;
    CHECK_STATUS(pk_session_set_context(session, "a", 1), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_text(session, text, sizeof text, &length), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_press_key(session, 0), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_press_name(session, "a"), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_press_keysym(session, 0x61), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_press_keycode(session, 38, 0), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_long_press(session, 0, 0), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_last_edit(session, &edit), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_edit_text(session, text, sizeof text, &length), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_layer(session, &layer), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_shift(session, &shift), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_set_backspace(session, PK_BACKSPACE_ACCENT), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_backspace(session, &backspace), PK_ERROR_INVALID_HANDLE);
    CHECK_STATUS(pk_session_free(session), PK_ERROR_INVALID_HANDLE);
}

static void test_bad_handles(void) {
    check_bad_layout(NULL);
    check_bad_session(NULL);

    pk_layout *layout = open_layout("hu-touch");
    pk_session *session = NULL;
    CHECK_STATUS(pk_session_new(layout, &session), PK_OK);
    /* One kind's handle is not the other's. */
    check_bad_layout((const pk_layout *)session);
    check_bad_session((pk_session *)layout);
    /* Foreign pointers: memory of the caller's, and made-up values. */
    long local[4] = {0};
    check_bad_layout((const pk_layout *)local);
    check_bad_session((pk_session *)local);
    check_bad_layout((const pk_layout *)(uintptr_t)0xdeadbeef);
    check_bad_session((pk_session *)(uintptr_t)0x5053ffffffffffffULL);
    /* Freed handles, and a freed slot used again by a new handle. */
    CHECK_STATUS(pk_session_free(session), PK_OK);
    check_bad_session(session);
    pk_session *again = NULL;
    CHECK_STATUS(pk_session_new(layout, &again), PK_OK);
    check_bad_session(session);
    CHECK_STATUS(pk_session_press_name(again, "a"), PK_OK);
    CHECK_STATUS(pk_layout_free(layout), PK_OK);
    check_bad_layout(layout);
    CHECK_STATUS(pk_session_press_name(again, "´"), PK_OK);
    CHECK(strcmp(text_of(again), "á") == 0);
    CHECK_STATUS(pk_session_free(again), PK_OK);
    printf("bad handles: all refused\n");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: capi_test REPO_ROOT\n");
        return 2;
    }
    test_version_and_messages();
    test_opening(argv[1]);
    test_layout_queries();
    test_typing();
    test_bad_handles();
    printf("capi_test: %d checks passed\n", checks);
    return 0;
}
