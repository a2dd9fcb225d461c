#include <m17n.h>
