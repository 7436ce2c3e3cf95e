// The atomics are static inline functions in the header; the thread-local slots are defined here.
#include "CViperNestAtomics.h"

__thread void *vn_thread_state_slot = 0;
__thread _Bool vn_on_main_actor_slot = 0;
