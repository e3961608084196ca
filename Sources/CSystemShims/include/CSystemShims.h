// The C library calls Swift cannot import directly (variadic functions, headers the Glibc module leaves out), wrapped
// with fixed parameters.
// Only HFSystem's Platform.swift calls these.
#ifndef C_SYSTEM_SHIMS_H
#define C_SYSTEM_SHIMS_H

/// `prctl(PR_SET_DUMPABLE, value)`: 0 makes the process non-dumpable (no core, no ptrace by other users, its
/// /proc files owned by root). Returns 0, or -1 with errno set (always -1 with ENOSYS off Linux).
int csystem_set_dumpable(int value);

/// The `getrandom(2)` system call itself (`syscall(SYS_getrandom, …)`: no library generator in between), flags 0 or
/// `GRND_NONBLOCK` when `nonblocking` is non-zero. Returns the number of bytes written, or -1 with errno set (always
/// -1 with ENOSYS off Linux).
long csystem_getrandom(void *buffer, unsigned long count, int nonblocking);

#endif
