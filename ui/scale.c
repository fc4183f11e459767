#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "scale.h"

double scale_nice_top(double max)
{
	/* Steps close enough that a chart's line fills two thirds of its
	 * height or more: with 1, 2, 2.5, 5 a TPM of 105k drew on a 200k
	 * axis, in the lower half of the pane (a booth's screen wants it
	 * large). */
	static const double steps[] = { 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 };
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
	if (k == 0 && v < 99.995 && v != floor(v)) {
		/* Half of a small top (0.5, 0.75, 12.5 ms on a latency axis)
		 * keeps its fraction: rounded, 0.5 read "0", the same as the
		 * axis's foot. */
		char t[16];
		snprintf(t, sizeof t, "%.2f", v);
		scale_trim_zeros(t, buf, len);
	} else if (k == 0)
		snprintf(buf, len, "%.0f", v);
	else if (v < 9.95 && v != floor(v))
		snprintf(buf, len, "%.1f%c", v, suffix[k]);
	else
		snprintf(buf, len, "%.0f%c", v, suffix[k]);
}

void scale_trim_zeros(const char *in, char *out, size_t len)
{
	snprintf(out, len, "%s", in);
	const char *s = in + (*in == '-');
	size_t digits = strspn(s, "0123456789");
	if (!digits || s[digits] != '.' || strspn(s + digits + 1, "0123456789") != strlen(s + digits + 1))
		return;
	char *end = out + strlen(out);
	while (end > out && end[-1] == '0')
		*--end = '\0';
	if (end > out && end[-1] == '.')
		*--end = '\0';
}

/* See scale.h. */
int scale_label_slot(const char *used, int iw, int want, int len, int *n)
{
	int at = want + len > iw ? iw - len : want;
	if (at < 0)
		at = 0;
	/* Free columns before want may hold the start of a right-edge label
	 * only; never start left of a taken column. */
	while (at < want && at > 0 && used[at - 1])
		at++;
	if (at > 0 && used[at - 1])
		return -1;
	int room = 0;
	while (at + room < iw && !used[at + room] && room <= len)
		room++;
	/* room counts the blank that must follow, unless at the edge. */
	int fit = at + room >= iw ? room : room - 1;
	*n = fit < len ? fit : len;
	return *n >= 3 ? at : -1;
}
