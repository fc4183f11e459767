/* tdist.c: see tdist.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "tdist.h"

double tdist_t95(double df)
{
	static const double t[31] = {
		0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
	};
	if (!(df >= 1))
		return t[1];
	if (df <= 30) {
		int lo = (int)df;
		double f = df - lo;
		return lo >= 30 ? t[30] : t[lo] + f * (t[lo + 1] - t[lo]);
	}
	/* Within 0.002 of the exact quantile from 30 degrees of freedom up. */
	return 1.95996 + 2.5 / df;
}
