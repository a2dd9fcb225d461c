/* The message of each status code of postfix_keyboard.h: static strings, never freed. */
#include "postfix_keyboard.h"

const char *pk_status_message(int status) {
    switch (status) {
    case PK_OK: return "ok";
    case PK_ERROR_NULL: return "a required pointer argument is NULL";
    case PK_ERROR_INVALID_HANDLE: return "invalid handle: NULL, freed, or not a handle of this kind";
    case PK_ERROR_INVALID_UTF8: return "text is not valid UTF-8";
    case PK_ERROR_UNKNOWN_KEY: return "unknown key: no key with that index or name";
    case PK_ERROR_UNKNOWN_LAYOUT: return "unknown layout: no shipped layout has that id";
    case PK_ERROR_LAYOUT_INVALID: return "the layout has errors (see its diagnostics)";
    case PK_ERROR_OUT_OF_RANGE: return "index or value out of range";
    case PK_ERROR_BUFFER_TOO_SMALL: return "buffer too small: call again with the length returned plus one";
    case PK_ERROR_UNMAPPED_KEY: return "the key presses no key of the layout: pass it to the application";
    default: return "unknown status";
    }
}
