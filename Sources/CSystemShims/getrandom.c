#include "CSystemShims.h"

#include <errno.h>
#ifdef __linux__
#include <linux/random.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

long csystem_getrandom(void *buffer, unsigned long count, int nonblocking) {
#ifdef __linux__
    return syscall(SYS_getrandom, buffer, count, nonblocking ? GRND_NONBLOCK : 0);
#else
    (void)buffer;
    (void)count;
    (void)nonblocking;
    errno = ENOSYS;
    return -1;
#endif
}
