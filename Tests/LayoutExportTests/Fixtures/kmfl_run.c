/* kmfl_run: types key sequences through libkmfl (KMFL, Debian libkmfl-dev), for the tests.
 *
 *   kmfl_run KEYBOARD.kmfl < sequences
 *
 * Each input line is one sequence, typed from an empty text: keys separated by spaces,
 * each `KEYSYM` or `KEYSYM:STATE` in hex (X11 keysyms; state 1 is Shift). Each output line
 * is the text the sequence leaves. A key the keyboard does not handle does what a text
 * field does: BackSpace deletes a character, other keys type their Latin-1 character.
 * libkmfl calls back into the host (output_string, erase_char, forward_keyevent,
 * output_beep); they are defined here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned int UINT;
typedef struct kmsi KMSI;
int kmfl_load_keyboard(const char *file);
KMSI *kmfl_make_keyboard_instance(void *connection);
int kmfl_attach_keyboard(KMSI *p_kmsi, int keyboard_number);
int kmfl_interpret(KMSI *p_kmsi, UINT key, UINT state);
void clear_history(KMSI *p_kmsi);

static char text[1 << 16];
static size_t length;
static int forwarded;

static void append(const char *bytes, size_t count) {
    if (length + count < sizeof text) { memcpy(text + length, bytes, count); length += count; }
}

static void erase_one(void) {
    while (length > 0) {
        length--;
        if ((text[length] & 0xC0) != 0x80) break;
    }
}

void output_string(void *connection, char *p) { (void)connection; if (p) append(p, strlen(p)); }
void erase_char(void *connection) { (void)connection; erase_one(); }
void forward_keyevent(void *connection, UINT key, UINT state) { (void)connection; (void)key; (void)state; forwarded = 1; }
void output_beep(void *connection) { (void)connection; }

static void type_default(UINT key) {
    if (key == 0xff08) { erase_one(); return; }
    if (key == 0xff0d) { append("\n", 1); return; }
    if (key >= 0x20 && key < 0x80) { char c = (char)key; append(&c, 1); return; }
    if (key >= 0xa0 && key < 0x100) { char b[2] = {(char)(0xC0 | (key >> 6)), (char)(0x80 | (key & 0x3F))}; append(b, 2); }
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: kmfl_run KEYBOARD.kmfl < sequences\n"); return 64; }
    int number = kmfl_load_keyboard(argv[1]);
    if (number < 0) { fprintf(stderr, "kmfl_run: cannot load %s\n", argv[1]); return 1; }
    KMSI *instance = kmfl_make_keyboard_instance(NULL);
    if (!instance || kmfl_attach_keyboard(instance, number) != 0) { fprintf(stderr, "kmfl_run: cannot attach\n"); return 1; }
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        length = 0;
        clear_history(instance);
        for (char *token = strtok(line, " \n"); token; token = strtok(NULL, " \n")) {
            UINT key = 0, state = 0;
            char *colon = strchr(token, ':');
            key = (UINT)strtoul(token, NULL, 16);
            if (colon) state = (UINT)strtoul(colon + 1, NULL, 16);
            forwarded = 0;
            if (!kmfl_interpret(instance, key, state) || forwarded) type_default(key);
        }
        fwrite(text, 1, length, stdout);
        fputc('\n', stdout);
        fflush(stdout);
    }
    return 0;
}
