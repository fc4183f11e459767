#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "demo.h"

int demo_vus_at(int t, int peak, int step_s)
{
	int up = 0;
	if (peak < 1)
		peak = 1;
	if (step_s < 1)
		step_s = 1;
	while ((2 << up) <= peak)
		up++;
	/* up steps doubling to the peak, then up-1 halving back above 1:
	 * 1 2 4 8 4 2 | 1 2 4 8 4 2 | ... */
	int period = up ? 2 * up : 1;
	int k = (t < 0 ? 0 : t / step_s) % period;
	int exp = k <= up ? k : 2 * up - k;
	return 1 << exp;
}
