#include <keyman/keyboardprocessor.h>
