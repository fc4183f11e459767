/* demo.c: see demo.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "demo.h"

static demo_action *add(demo_plan *p, int at, demo_kind kind)
{
	demo_action *a = &p->a[p->n++];
	a->at = at;
	a->kind = kind;
	a->vus = 0;
	a->name = a->value = NULL;
	a->caption[0] = '\0';
	return a;
}

static void vus(demo_plan *p, int at, int n, const char *caption)
{
	demo_action *a = add(p, at, DEMO_VUS);
	a->vus = n;
	snprintf(a->caption, sizeof a->caption, "%s", caption);
}

void demo_plan_make(demo_plan *p, const dialect_demo_knob *knobs, int step_s)
{
	int t = 0;

	if (step_s < 1)
		step_s = 1;
	p->n = 0;
	vus(p, t, 1, "1 VU: one terminal entering orders, waiting for nobody; watch NOPM");
	vus(p, t += step_s, 2, "2 VUs: twice the terminals; watch NOPM answer");
	vus(p, t += step_s, 4, "4 VUs: watch NOPM, and latency as the terminals begin to queue");
	t += 2 * step_s;
	/* Room kept for the VU steps after the settings. */
	for (int k = 0; knobs && knobs[k].name && p->n < DEMO_ACTIONS - 4; k++) {
		demo_action *a = add(p, t, DEMO_SET);
		a->name = knobs[k].name;
		a->value = knobs[k].value;
		snprintf(a->caption, sizeof a->caption, "%s", knobs[k].caption);
		a = add(p, t += 2 * step_s, DEMO_PUT_BACK);
		a->name = knobs[k].name;
		snprintf(a->caption, sizeof a->caption, "%s", knobs[k].back_caption);
		t += 2 * step_s;
	}
	vus(p, t, 8, "8 VUs: more terminals than the database serves at once; watch latency climb");
	vus(p, t += step_s, 2, "back to 2 VUs: watch latency fall; the story starts again");
	p->period = t + step_s;
}

int demo_plan_at(const demo_plan *p, int t, int *loop)
{
	int i;

	if (t < 0 || p->n == 0 || p->period <= 0)
		return -1;
	*loop = t / p->period;
	t %= p->period;
	for (i = p->n - 1; i > 0 && p->a[i].at > t; i--)
		;
	return i;
}

int demo_plan_vus(const demo_plan *p, int i)
{
	for (; i >= 0; i--)
		if (p->a[i].kind == DEMO_VUS)
			return p->a[i].vus;
	return 1;
}
