/* The version of the C interface, from the header's macros, so the two never differ. */
#include "postfix_keyboard.h"

#define PK_STRINGIFY_(x) #x
#define PK_STRINGIFY(x) PK_STRINGIFY_(x)

uint32_t pk_version(void) { return PK_VERSION_NUMBER(PK_VERSION_MAJOR, PK_VERSION_MINOR, PK_VERSION_PATCH); }

const char *pk_version_string(void) {
    return PK_STRINGIFY(PK_VERSION_MAJOR) "." PK_STRINGIFY(PK_VERSION_MINOR) "." PK_STRINGIFY(PK_VERSION_PATCH);
}
