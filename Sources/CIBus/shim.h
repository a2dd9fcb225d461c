// GObject (Debian: libglib2.0-dev, pkg-config "gobject-2.0"): the include paths and libraries
// that Sources/CIBusEngine needs around libibus (Debian: libibus-1.0-dev, headers in
// /usr/include/ibus-1.0). ibus-1.0's own pkg-config entry is not used because it brings
// `-pthread`, a flag SwiftPM refuses with a warning.
#include <glib-object.h>
