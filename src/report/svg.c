/* svg.c: see svg.h.  Axes get "nice" round steps (1, 2, 5 x 10^k); a
 * series longer than the chart is wide is thinned to one mean per pixel
 * unless it asks to keep every point. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "svg.h"
#include "util/utf8.h"

#define ML 64    /* margins: room for the y labels */
#define MR 16
#define MT 44    /* title and legend */
#define MB 40    /* x labels and axis name */

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
};

const char *svg_color(int n)
{
	return palette[(unsigned)n % (sizeof palette / sizeof palette[0])];
}

void svg_escape(FILE *out, const char *text)
{
	/* The page says it is UTF-8: a byte that is not becomes U+FFFD. */
	char *fixed = text ? utf8_repair(text, strlen(text), NULL) : NULL;
	const char *s = fixed ? fixed : text;
	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default:
			/* Control characters are not allowed in XML 1.0. */
			if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
				fputc(*s, out);
		}
	}
	free(fixed);
}

static double nice_step(double range, int want)
{
	double raw = range / (want > 0 ? want : 5);
	if (!(raw > 0))
		return 1;
	double p = pow(10, floor(log10(raw)));
	double f = raw / p;
	return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * p;
}

typedef struct axis {
	double lo, hi;
	int log;
	double px0, px1;      /* pixel range */
} axis;

static double tr(double v, const axis *a)
{
	double lo = a->log ? log10(a->lo) : a->lo, hi = a->log ? log10(a->hi) : a->hi;
	double x = a->log ? log10(v) : v;
	return a->px0 + (x - lo) / (hi - lo) * (a->px1 - a->px0);
}

static void fmt_num(char *buf, size_t len, double v)
{
	double a = fabs(v);
	if (a >= 1e6)
		snprintf(buf, len, "%gM", v / 1e6);
	else if (a >= 1e4)
		snprintf(buf, len, "%gk", v / 1e3);
	else
		snprintf(buf, len, "%g", v);
}

static double layer_y(const svg_series *s, int i)
{
	return i < s->n && !isnan(s->y[i]) ? s->y[i] : 0;
}

static void extent(const svg_chart *c, int ywise, double *lo, double *hi, int log)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	if (c->stacked && ywise && c->nseries) {
		*lo = 0;
		for (int i = 0; i < c->series[0].n; i++) {
			double top = 0;
			for (int s = 0; s < c->nseries; s++)
				top += layer_y(&c->series[s], i);
			*hi = top > *hi ? top : *hi;
		}
		if (*hi <= 0)
			*hi = 1;
		return;
	}
	for (int s = 0; s < c->nseries; s++)
		for (int i = 0; i < c->series[s].n; i++) {
			double v = ywise ? c->series[s].y[i] : c->series[s].x[i];
			if (isnan(v) || (log && v <= 0))
				continue;
			if (v < *lo)
				*lo = v;
			if (v > *hi)
				*hi = v;
		}
	if (*lo > *hi) {
		*lo = log ? 1 : 0;
		*hi = log ? 10 : 1;
	}
}

/* One grid line and its label at pixel p of the axis. */
static void tick_at(FILE *out, double v, double p, int vertical, double other0, double other1)
{
	char lab[32];
	fmt_num(lab, sizeof lab, v);
	if (vertical)
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
			"<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			other0, other1, p, p, other0 - 6, p + 4, lab);
	else
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
			"<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
			p, p, other0, other1, p, other0 + 16, lab);
}

static void ticks(FILE *out, const axis *a, int vertical, double other0, double other1)
{
	if (a->log) {
		for (double v = pow(10, floor(log10(a->lo))); v <= a->hi * 1.0001; v *= 10)
			if (v >= a->lo * 0.9999)
				tick_at(out, v, tr(v, a), vertical, other0, other1);
		return;
	}
	double step = nice_step(a->hi - a->lo, vertical ? 4 : 8);
	for (double v = ceil(a->lo / step) * step; v <= a->hi + step * 1e-6; v += step)
		tick_at(out, fabs(v) < step * 1e-6 ? 0 : v, tr(v, a), vertical, other0, other1);
}

/* One polyline per unbroken run of points; a thinned series averages the
 * points that fall in each pixel column. */
static void polyline(FILE *out, const svg_series *s, const axis *ax, const axis *ay, int logx,
		     int logy)
{
	int open = 0;
	double acc_x = 0, acc_y = 0;
	int acc_n = 0, col = -1;
	for (int i = 0; i <= s->n; i++) {
		int end = i == s->n;
		double x = end ? NAN : s->x[i], y = end ? NAN : s->y[i];
		int bad = isnan(x) || isnan(y) || (logx && x <= 0) || (logy && y <= 0);
		double px = bad ? 0 : tr(x, ax);
		int c = bad ? -1 : (int)floor(px);
		/* Flush the pixel column gathered so far. */
		if (acc_n && (s->keep_all || bad || c != col)) {
			double fx = acc_x / acc_n, fy = acc_y / acc_n;
			if (!open) {
				fprintf(out, "<polyline class=\"%s\" fill=\"none\" stroke=\"%s\" "
					"stroke-width=\"%.1f\"", s->cls ? s->cls : "series", s->color,
					s->width > 0 ? s->width : 1.5);
				if (s->dashed)
					fputs(" stroke-dasharray=\"6 4\"", out);
				if (s->opacity > 0)
					fprintf(out, " stroke-opacity=\"%.2f\"", s->opacity);
				fputs(" points=\"", out);
				open = 1;
			}
			fprintf(out, "%.1f,%.1f ", tr(fx, ax), tr(fy, ay));
			acc_x = acc_y = 0;
			acc_n = 0;
		}
		if (bad) {
			if (open)
				fputs("\"/>\n", out);
			open = 0;
			continue;
		}
		col = c;
		acc_x += x;
		acc_y += y;
		acc_n++;
	}
	if (open)
		fputs("\"/>\n", out);
}

/* Layer s of a stacked chart: the area between the sum of the layers
 * below it and that sum plus its own, one polygon. */
static void layer(FILE *out, const svg_chart *c, int s, const axis *ax, const axis *ay)
{
	const svg_series *se = &c->series[s];
	int n = c->series[0].n;
	const double *x = c->series[0].x;
	if (n < 1)
		return;
	fprintf(out, "<polygon class=\"%s\" fill=\"%s\" fill-opacity=\"0.85\" stroke=\"none\" points=\"",
		se->cls ? se->cls : "layer", se->color);
	for (int i = 0; i < n; i++) {
		double top = 0;
		for (int k = 0; k <= s; k++)
			top += layer_y(&c->series[k], i);
		fprintf(out, "%.1f,%.1f ", tr(x[i], ax), tr(top, ay));
	}
	for (int i = n - 1; i >= 0; i--) {
		double base = 0;
		for (int k = 0; k < s; k++)
			base += layer_y(&c->series[k], i);
		fprintf(out, "%.1f,%.1f ", tr(x[i], ax), tr(base, ay));
	}
	fputs("\"/>\n", out);
}

void svg_line_chart(FILE *out, const svg_chart *c)
{
	int w = c->width ? c->width : 960, h = c->height ? c->height : 280;
	axis ax = { .log = c->logx, .px0 = ML, .px1 = w - MR };
	axis ay = { .log = c->logy, .px0 = h - MB, .px1 = MT };
	extent(c, 0, &ax.lo, &ax.hi, c->logx);
	for (int i = 0; i < c->nmarks; i++) {
		if (c->marks[i].x < ax.lo)
			ax.lo = c->marks[i].x;
		if (c->marks[i].x > ax.hi)
			ax.hi = c->marks[i].x;
	}
	extent(c, 1, &ay.lo, &ay.hi, c->logy);
	if (c->y_from_zero && !c->logy && ay.lo > 0)
		ay.lo = 0;
	if (c->logy) {
		ay.lo = pow(10, floor(log10(ay.lo)));
		ay.hi = pow(10, ceil(log10(ay.hi)));
	} else {
		double step = nice_step(ay.hi - ay.lo, 4);
		ay.hi = ceil(ay.hi / step) * step;
		if (ay.hi <= ay.lo)
			ay.hi = ay.lo + 1;
	}
	if (c->logx) {
		ax.lo = pow(10, floor(log10(ax.lo)));
		ax.hi = pow(10, ceil(log10(ax.hi)));
	}
	if (ax.hi <= ax.lo)
		ax.hi = ax.lo + 1;

	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 %d %d\" "
		"role=\"img\"", w, h);
	if (c->id)
		fprintf(out, " id=\"%s\"", c->id);
	fputs(" aria-label=\"", out);
	svg_escape(out, c->title);
	fputs("\">\n<title>", out);
	svg_escape(out, c->title);
	fputs("</title>\n", out);
	fprintf(out, "<text class=\"ctitle\" x=\"%d\" y=\"16\">", ML);
	svg_escape(out, c->title);
	fputs("</text>\n", out);
	/* Legend: one row under the title. */
	double lx = ML;
	for (int s = 0; s < c->nseries; s++) {
		const svg_series *se = &c->series[s];
		if (!se->name)
			continue;
		fprintf(out, "<rect x=\"%.1f\" y=\"24\" width=\"14\" height=\"4\" fill=\"%s\"/>"
			"<text class=\"legend\" x=\"%.1f\" y=\"31\">", lx, se->color, lx + 18);
		svg_escape(out, se->name);
		fputs("</text>\n", out);
		lx += 28 + 7.4 * (double)strlen(se->name);
	}
	ticks(out, &ay, 1, ax.px0, ax.px1);
	ticks(out, &ax, 0, ay.px0, ay.px1);
	fprintf(out, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\"/>\n",
		ML, MT, w - ML - MR, h - MT - MB);
	if (c->xlabel) {
		fprintf(out, "<text class=\"axis\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
			(ax.px0 + ax.px1) / 2, h - 6);
		svg_escape(out, c->xlabel);
		fputs("</text>\n", out);
	}
	if (c->ylabel) {
		fprintf(out, "<text class=\"axis\" transform=\"translate(14 %.1f) rotate(-90)\" "
			"text-anchor=\"middle\">", (ay.px0 + ay.px1) / 2);
		svg_escape(out, c->ylabel);
		fputs("</text>\n", out);
	}
	if (c->stacked)
		for (int s = 0; s < c->nseries; s++)
			layer(out, c, s, &ax, &ay);
	/* Flags in the strip between the legend and the plot, each as wide
	 * as its label: flags of marks close together stand side by side
	 * (a leader from the mark's line to its flag), and those that would
	 * pass the plot's right edge are pushed back left, still apart.  None
	 * starts left of the plot, over the y axis's top label (a capacity
	 * knee at the lowest rate tried). */
	double flx[SVG_MARKS_MAX] = { 0 }, flw[SVG_MARKS_MAX] = { 0 };
	int nm = c->nmarks < SVG_MARKS_MAX ? c->nmarks : SVG_MARKS_MAX;
	double last = ax.px0 - 2;
	for (int i = 0; i < nm; i++) {
		double px = tr(c->marks[i].x, &ax);
		flw[i] = 6 + 6.5 * (double)strlen(c->marks[i].label ? c->marks[i].label : "");
		flx[i] = px - flw[i] / 2 < last + 2 ? last + 2 : px - flw[i] / 2;
		last = flx[i] + flw[i];
	}
	double limit = ax.px1;
	for (int i = nm - 1; i >= 0; i--) {
		if (flx[i] + flw[i] > limit)
			flx[i] = limit - flw[i];
		limit = flx[i] - 2;
	}
	for (int i = 0; i < nm; i++) {
		double px = tr(c->marks[i].x, &ax), mid = flx[i] + flw[i] / 2;
		fprintf(out, "<line class=\"event\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>"
			"<polyline class=\"event\" fill=\"none\" points=\"%.1f,%d %.1f,%d\"/>"
			"<rect class=\"eflag\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"11\" rx=\"2\"/>"
			"<text class=\"elabel\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
			px, px, MT, h - MB, mid, MT - 1, px, MT, flx[i], MT - 12, flw[i], mid, MT - 3);
		svg_escape(out, c->marks[i].label);
		fputs("</text>\n", out);
	}
	for (int s = 0; !c->stacked && s < c->nseries; s++)
		polyline(out, &c->series[s], &ax, &ay, c->logx, c->logy);
	fputs("</svg>\n", out);
}
