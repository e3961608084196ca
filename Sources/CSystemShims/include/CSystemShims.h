// The C library calls Swift cannot import directly (variadic functions), wrapped with fixed parameters.
// Only HFSystem's Platform.swift calls these.
#ifndef C_SYSTEM_SHIMS_H
#define C_SYSTEM_SHIMS_H

/// `prctl(PR_SET_DUMPABLE, value)`: 0 makes the process non-dumpable (no core, no ptrace by other users, its
/// /proc files owned by root). Returns 0, or -1 with errno set (always -1 with ENOSYS off Linux).
int csystem_set_dumpable(int value);

#endif
