#ifndef CPLATFORMRANDOM_H
#define CPLATFORMRANDOM_H

// Swinject draws a random graph identifier at every outermost resolution. On Linux that is
// `UInt.random(in:)`, which the Swift runtime (`swift_stdlib_random`) fills with the `getrandom`
// system call; on Apple platforms it is `UUID()`, filled in user space (arc4random). This target
// interposes `swift_stdlib_random` in the benchmark executable (Linux only) so that the system call
// can be replaced by a user-space generator: no ratio then rests on a cost only Linux has. It also
// counts the calls, so a scenario can check how many identifiers each contender draws per
// iteration.

/// 1: answer `swift_stdlib_random` in user space (splitmix64, seeded once per thread by the real system
/// call); 0: make the system call (the default).
void vnb_random_set_userspace(int enabled);
int vnb_random_is_userspace(void);
/// 1 while draws are counted (checks only: counting is an atomic add per call).
void vnb_random_set_counting(int enabled);
unsigned long vnb_random_draws(void);
/// 1 when `swift_stdlib_random` is interposed (Linux).
int vnb_random_is_interposed(void);
/// Fills `length` bytes through the interposed function (for measuring one draw).
void vnb_random_draw(void *buffer, unsigned long length);

#endif
