// The atomics are static inline functions in the header; the thread-local slot is defined here.
#include "CViperNestAtomics.h"

__thread void *vn_thread_state_slot = 0;
