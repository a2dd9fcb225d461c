/*
 * capi_threads.c: the thread rule of postfix_keyboard.h. Threads share one layout, each types
 * on a session of its own and opens and frees layouts and sessions of its own; all of them
 * also press keys on one shared session (one thread at a time is the rule: the library
 * serialises such calls, so every press lands). Prints "capi_threads: ok" and exits 0, or
 * prints FAIL and exits 1.
 */
#include "postfix_keyboard.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 4, ROUNDS = 300 };

static pk_layout *shared_layout;
static pk_session *shared_session;

#define REQUIRE(condition)                                                                                \
    do {                                                                                                  \
        if (!(condition)) {                                                                               \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #condition);                                   \
            exit(1);                                                                                      \
        }                                                                                                 \
    } while (0)

static void *typist(void *argument) {
    (void)argument;
    pk_session *session = NULL;
    REQUIRE(pk_session_new(shared_layout, &session) == PK_OK);
    for (int round = 0; round < ROUNDS; round++) {
        /* Gyo ˝ → delete 1, insert ő, on this thread's own session. */
        REQUIRE(pk_session_set_context(session, "Gyo", 3) == PK_OK);
        REQUIRE(pk_session_press_name(session, "˝") == PK_OK);
        pk_edit edit;
        char text[8];
        REQUIRE(pk_session_last_edit(session, &edit) == PK_OK);
        REQUIRE(pk_session_edit_text(session, text, sizeof text, NULL) == PK_OK);
        REQUIRE(edit.delete_scalars == 1 && strcmp(text, "ő") == 0);
        /* The shared session: one a per round from every thread. */
        REQUIRE(pk_session_press_name(shared_session, "a") == PK_OK);
        /* Handles made and freed while other threads look theirs up. */
        if (round % 30 == 0) {
            pk_layout *layout = NULL;
            pk_session *other = NULL;
            REQUIRE(pk_layout_open_id("cs-touch", &layout, NULL, 0, NULL) == PK_OK);
            REQUIRE(pk_session_new(layout, &other) == PK_OK);
            REQUIRE(pk_layout_free(layout) == PK_OK);
            REQUIRE(pk_session_press_name(other, "r") == PK_OK);
            REQUIRE(pk_session_free(other) == PK_OK);
            REQUIRE(pk_session_free(other) == PK_ERROR_INVALID_HANDLE);
        }
    }
    REQUIRE(pk_session_free(session) == PK_OK);
    return NULL;
}

int main(void) {
    REQUIRE(pk_layout_open_id("hu-touch", &shared_layout, NULL, 0, NULL) == PK_OK);
    REQUIRE(pk_session_new(shared_layout, &shared_session) == PK_OK);
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) REQUIRE(pthread_create(&threads[i], NULL, typist, NULL) == 0);
    for (int i = 0; i < THREADS; i++) REQUIRE(pthread_join(threads[i], NULL) == 0);
    size_t length = 0;
    REQUIRE(pk_session_text(shared_session, NULL, 0, &length) == PK_ERROR_BUFFER_TOO_SMALL);
    REQUIRE(length == THREADS * ROUNDS);
    REQUIRE(pk_session_free(shared_session) == PK_OK);
    REQUIRE(pk_layout_free(shared_layout) == PK_OK);
    printf("capi_threads: ok\n");
    return 0;
}
