#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CPlatformRandom.h"

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#if defined(__linux__)
#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

static atomic_int userspace;
static atomic_int counting;
static atomic_ulong draws;
static __thread uint64_t state;

typedef void (*RandomFunction)(void *, size_t);

// Interposes the Swift runtime's random source, `swift_stdlib_random`, which
// `SystemRandomNumberGenerator` (and so `UInt.random(in:)`) calls and which the runtime fills with
// `syscall(SYS_getrandom, ...)` on Linux: the executable's definition is the one its own code,
// Swinject's included, is linked against. Every contender goes through it alike.
void swift_stdlib_random(void *buffer, size_t length) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&draws, 1, memory_order_relaxed);
  }
  if (!atomic_load_explicit(&userspace, memory_order_relaxed)) {
    static _Atomic(RandomFunction) runtime;
    RandomFunction function = atomic_load_explicit(&runtime, memory_order_acquire);
    if (function == NULL) {
      function = (RandomFunction)dlsym(RTLD_NEXT, "swift_stdlib_random");
      atomic_store_explicit(&runtime, function, memory_order_release);
    }
    function(buffer, length);
    return;
  }
  if (state == 0) {
    if (syscall(SYS_getrandom, &state, sizeof state, 0) != sizeof state) {
      state = 0x9E3779B97F4A7C15u;
    }
    state |= 1;
  }
  unsigned char *bytes = buffer;
  size_t filled = 0;
  while (filled < length) {
    // splitmix64
    uint64_t z = (state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    size_t chunk = length - filled < sizeof z ? length - filled : sizeof z;
    memcpy(bytes + filled, &z, chunk);
    filled += chunk;
  }
}

void vnb_random_set_userspace(int enabled) { atomic_store(&userspace, enabled); }
int vnb_random_is_userspace(void) { return atomic_load(&userspace); }
void vnb_random_set_counting(int enabled) { atomic_store(&counting, enabled); }
unsigned long vnb_random_draws(void) { return atomic_load(&draws); }
int vnb_random_is_interposed(void) { return 1; }
void vnb_random_draw(void *buffer, unsigned long length) { swift_stdlib_random(buffer, length); }

#else

void vnb_random_set_userspace(int enabled) { (void)enabled; }
int vnb_random_is_userspace(void) { return 0; }
void vnb_random_set_counting(int enabled) { (void)enabled; }
unsigned long vnb_random_draws(void) { return 0; }
int vnb_random_is_interposed(void) { return 0; }
void vnb_random_draw(void *buffer, unsigned long length) { memset(buffer, 0, length); }

#endif
