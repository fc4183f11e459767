#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "sparkline.h"

static const char ascii_ramp[] = "_.-:=+*#";

int spark_level(double v, double max)
{
	if (max <= 0 || v <= 0)
		return 0;
	int l = (int)(v / max * 8);
	return l > 7 ? 7 : l;
}

int spark_render(const double *v, int n, double max, int ascii, char *out, size_t len)
{
	size_t used = 0, step = ascii ? 1 : 3;
	int i;
	if (len == 0)
		return 0;
	if (max <= 0)
		for (i = 0; i < n; i++)
			max = v[i] > max ? v[i] : max;
	for (i = 0; i < n && used + step < len; i++) {
		int l = spark_level(v[i], max);
		if (ascii) {
			out[used++] = ascii_ramp[l];
		} else {
			/* U+2581 + l is E2 96 81+l in UTF-8. */
			out[used++] = (char)0xE2;
			out[used++] = (char)0x96;
			out[used++] = (char)(0x81 + l);
		}
	}
	out[used] = '\0';
	return i;
}
