/* fcitx5's core headers, found through pkg-config Fcitx5Core (libfcitx5core-dev). The
 * add-on (Sources/Fcitx5Addon) includes them itself; this module only carries the flags. */
#include <fcitx/inputmethodengine.h>
