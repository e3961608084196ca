// zbar's image scanner can announce results on D-Bus, but only after zbar_image_scanner_request_dbus(), which
// hf-airgap never calls. Linking libzbar.a statically still needs these symbols resolved; these definitions abort, so
// no build of hf-signer can open a D-Bus socket through zbar (docs/design.md §2: the signer links no networking code), and
// libdbus is not linked at all.
#include <stdlib.h>

void dbus_bus_get(void);
void dbus_bus_get(void) { abort(); }

void dbus_bus_release_name(void);
void dbus_bus_release_name(void) { abort(); }

void dbus_bus_request_name(void);
void dbus_bus_request_name(void) { abort(); }

void dbus_connection_flush(void);
void dbus_connection_flush(void) { abort(); }

void dbus_connection_send(void);
void dbus_connection_send(void) { abort(); }

void dbus_error_free(void);
void dbus_error_free(void) { abort(); }

void dbus_error_init(void);
void dbus_error_init(void) { abort(); }

void dbus_error_is_set(void);
void dbus_error_is_set(void) { abort(); }

void dbus_message_iter_append_basic(void);
void dbus_message_iter_append_basic(void) { abort(); }

void dbus_message_iter_append_fixed_array(void);
void dbus_message_iter_append_fixed_array(void) { abort(); }

void dbus_message_iter_close_container(void);
void dbus_message_iter_close_container(void) { abort(); }

void dbus_message_iter_init_append(void);
void dbus_message_iter_init_append(void) { abort(); }

void dbus_message_iter_open_container(void);
void dbus_message_iter_open_container(void) { abort(); }

void dbus_message_new_signal(void);
void dbus_message_new_signal(void) { abort(); }

void dbus_message_unref(void);
void dbus_message_unref(void) { abort(); }
