// zbar's C API for HFQR. zbar is linked statically (libzbar.a) so that only the image scanner is pulled in: no X11,
// no video, no D-Bus. See dbus_stubs.c.
#include <zbar.h>
