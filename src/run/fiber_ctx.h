/* fiber_ctx.h: a fiber's saved registers and the switch from one stack to
 * another.  glibc's swapcontext saves and restores the signal mask, a
 * system call each way: with ten thousand terminals that was four system
 * calls a transaction for a mask nobody changes (fiber workers block every
 * signal for good).  On x86-64 the switch here saves only what the ABI
 * says a call preserves (rbx, rbp, r12-r15, the stack pointer, the SSE and
 * x87 control words) and makes none; elsewhere it is swapcontext, which
 * FIBER_CTX_UCONTEXT defined forces on x86-64 too (the unit test
 * tests/test_unit_fiber_ucontext is built so, to keep that path tested). */
#ifndef TPCC_FIBER_CTX_H
#define TPCC_FIBER_CTX_H

#include <stddef.h>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(FIBER_CTX_UCONTEXT)
#define FIBER_CTX_ASM 1
typedef struct fiber_ctx {
	void *sp;   /* where the switch left its saved registers */
} fiber_ctx;
#else
#include <ucontext.h>
typedef struct fiber_ctx {
	ucontext_t uc;
} fiber_ctx;
#endif

/* c starts, on its first switch, in entry(arg) on the stack [stack,
 * stack + size); entry must never return (switch away for good instead).
 * 0, or -1 with errno. */
int fiber_ctx_make(fiber_ctx *c, void *stack, size_t size, void (*entry)(void *), void *arg);
/* Save the running context in from and continue to; returns when some
 * later switch goes back to from.  A thread's own context needs no make:
 * its first switch away fills it. */
void fiber_ctx_switch(fiber_ctx *from, fiber_ctx *to);

#endif
