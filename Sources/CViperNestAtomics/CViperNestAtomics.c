// The atomics are static inline functions in the header; SwiftPM needs one source file per target.
#include "CViperNestAtomics.h"
