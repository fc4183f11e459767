/* frame.h: how long the console's loop waits for a key before its next
 * frame. */
#ifndef TPCC_UI_FRAME_H
#define TPCC_UI_FRAME_H

#include <stdint.h>

/* Milliseconds from now_ns to next_ns (both CLOCK_MONOTONIC), rounded up;
 * 0 when next is already past: a draw slower than a frame, on a loaded
 * machine, must not turn into curses' timeout(-1), which blocks until a
 * key and so freezes the screen while the run goes on. */
static inline int frame_wait_ms(uint64_t next_ns, uint64_t now_ns)
{
	if (next_ns <= now_ns)
		return 0;
	return (int)((next_ns - now_ns + 999999) / 1000000);
}

#endif
