/* fiber_ctx.c: see fiber_ctx.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <string.h>
#include "fiber_ctx.h"

#ifdef FIBER_CTX_ASM

/* swap(save, to): push what a call must preserve, leave the stack pointer
 * in *save, take to's and pop its registers back, then return into
 * whatever called its own swap, or, the first time, into start.  The
 * control words go in one 8-byte slot: the stack stays 16-byte aligned
 * where the ABI wants it. */
__asm__(".text\n"
	".globl tpcc_fiber_ctx_swap\n"
	".hidden tpcc_fiber_ctx_swap\n"
	".type tpcc_fiber_ctx_swap, @function\n"
	".p2align 4\n"
	"tpcc_fiber_ctx_swap:\n"
	"\tendbr64\n"
	"\tpushq %rbp\n"
	"\tpushq %rbx\n"
	"\tpushq %r12\n"
	"\tpushq %r13\n"
	"\tpushq %r14\n"
	"\tpushq %r15\n"
	"\tsubq $8, %rsp\n"
	"\tstmxcsr (%rsp)\n"
	"\tfnstcw 4(%rsp)\n"
	"\tmovq %rsp, (%rdi)\n"
	"\tmovq %rsi, %rsp\n"
	"\tldmxcsr (%rsp)\n"
	"\tfldcw 4(%rsp)\n"
	"\taddq $8, %rsp\n"
	"\tpopq %r15\n"
	"\tpopq %r14\n"
	"\tpopq %r13\n"
	"\tpopq %r12\n"
	"\tpopq %rbx\n"
	"\tpopq %rbp\n"
	"\tret\n"
	".size tpcc_fiber_ctx_swap, .-tpcc_fiber_ctx_swap\n"
	/* A new context's first return lands here with entry in r13 and
	 * its argument in r12; the stack is aligned for the call. */
	".globl tpcc_fiber_ctx_start\n"
	".hidden tpcc_fiber_ctx_start\n"
	".type tpcc_fiber_ctx_start, @function\n"
	".p2align 4\n"
	"tpcc_fiber_ctx_start:\n"
	"\tmovq %r12, %rdi\n"
	"\tcallq *%r13\n"
	"\tud2\n"
	".size tpcc_fiber_ctx_start, .-tpcc_fiber_ctx_start\n");

void tpcc_fiber_ctx_swap(void **save, void *to) __attribute__((visibility("hidden")));
void tpcc_fiber_ctx_start(void) __attribute__((visibility("hidden")));

int fiber_ctx_make(fiber_ctx *c, void *stack, size_t size, void (*entry)(void *), void *arg)
{
	uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
	/* What swap pops, lowest first: the control words, r15, r14, r13,
	 * r12, rbx, rbp, the return address; 16 bytes spare above.  rbp 0
	 * ends a debugger's walk of the frames there. */
	uint64_t *f = (uint64_t *)(top - 80);
	uint32_t mxcsr;
	uint16_t fpucw;
	__asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
	__asm__ volatile("fnstcw %0" : "=m"(fpucw));
	memset(f, 0, 80);
	memcpy(f, &mxcsr, sizeof mxcsr);
	memcpy((char *)f + 4, &fpucw, sizeof fpucw);
	f[3] = (uint64_t)(uintptr_t)entry;
	f[4] = (uint64_t)(uintptr_t)arg;
	f[7] = (uint64_t)(uintptr_t)tpcc_fiber_ctx_start;
	c->sp = f;
	return 0;
}

void fiber_ctx_switch(fiber_ctx *from, fiber_ctx *to)
{
	tpcc_fiber_ctx_swap(&from->sp, to->sp);
}

#else

/* makecontext passes ints: the pointer to what to run goes in two. */
struct start {
	void (*entry)(void *);
	void *arg;
};

static void trampoline(unsigned hi, unsigned lo)
{
	struct start *s = (struct start *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
	s->entry(s->arg);
}

int fiber_ctx_make(fiber_ctx *c, void *stack, size_t size, void (*entry)(void *), void *arg)
{
	if (getcontext(&c->uc))
		return -1;
	/* The entry and its argument live at the stack's top, below which
	 * the context's frames start. */
	uintptr_t top = ((uintptr_t)stack + size - sizeof(struct start)) & ~(uintptr_t)15;
	struct start *s = (struct start *)top;
	s->entry = entry;
	s->arg = arg;
	c->uc.uc_stack.ss_sp = stack;
	c->uc.uc_stack.ss_size = top - (uintptr_t)stack;
	c->uc.uc_link = NULL;
	uintptr_t u = (uintptr_t)s;
	makecontext(&c->uc, (void (*)(void))trampoline, 2, (unsigned)(u >> 32), (unsigned)u);
	return 0;
}

void fiber_ctx_switch(fiber_ctx *from, fiber_ctx *to)
{
	swapcontext(&from->uc, &to->uc);
}

#endif
