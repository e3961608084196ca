#include "CSystemShims.h"

#include <errno.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int csystem_set_dumpable(int value) {
#ifdef __linux__
    return prctl(PR_SET_DUMPABLE, (unsigned long)value, 0UL, 0UL, 0UL);
#else
    (void)value;
    errno = ENOSYS;
    return -1;
#endif
}
