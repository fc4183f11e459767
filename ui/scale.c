#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include "scale.h"

double scale_nice_top(double max)
{
	static const double steps[] = { 1, 2, 2.5, 5, 10 };
	if (!(max > 1))
		return 1;
	double p = pow(10, floor(log10(max)));
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if (steps[i] * p >= max * (1 - 1e-12))
			return steps[i] * p;
	return 10 * p;
}

void scale_label(double v, char *buf, size_t len)
{
	static const char suffix[] = " kMGT";
	int k = 0;
	if (v < 0)
		v = 0;
	while (v >= 999.5 && k < 4) {
		v /= 1000;
		k++;
	}
	if (k == 0)
		snprintf(buf, len, "%.0f", v);
	else if (v < 9.95 && v != floor(v))
		snprintf(buf, len, "%.1f%c", v, suffix[k]);
	else
		snprintf(buf, len, "%.0f%c", v, suffix[k]);
}
