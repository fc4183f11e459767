#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "complete.h"
#include "cmdhist.h"
#include "crt.h"
#include "cmdline.h"
#include "pane.h"
#include "util/utf8.h"
#include "util/util.h"

#define CTRL(k) ((k) & 0x1f)

int cmdline_init(cmdline *c, const char *histfile, const char *const *knobs, int nknobs,
		 char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	c->knobs = knobs;
	c->nknobs = nknobs;
	c->hist = cmdhist_open(histfile, c->path, sizeof c->path);
	if (!c->hist) {
		snprintf(err, errlen, "cannot set up the command history");
		return -1;
	}
	return 0;
}

void cmdline_done(cmdline *c)
{
	cmdhist_close(c->hist, c->path);
	c->hist = NULL;
}

/* The line is always UTF-8, whatever a history file or a value held: the
 * cursor steps over whole characters, and what is submitted can go into a
 * results file as it is. */
static void set_text(cmdline *c, const char *s)
{
	c->len = (int)utf8_copy(c->buf, s, sizeof c->buf);
	/* History lines come back with their newline on some libedits. */
	while (c->len && (c->buf[c->len - 1] == '\n' || c->buf[c->len - 1] == '\r'))
		c->buf[--c->len] = '\0';
	c->cur = c->len;
}

void cmdline_open(cmdline *c, const char *prefill)
{
	set_text(c, prefill ? prefill : "");
	c->active = 1;
	c->searching = 0;
	c->browsing = 0;
	c->hint[0] = '\0';
	c->plain = 0;
	c->mask = 0;
	snprintf(c->prompt, sizeof c->prompt, ":");
}

void cmdline_open_field(cmdline *c, const char *prompt, const char *prefill, int mask)
{
	cmdline_open(c, prefill);
	c->plain = 1;
	c->mask = mask;
	snprintf(c->prompt, sizeof c->prompt, "%s", prompt);
}

static void insert(cmdline *c, const char *s)
{
	size_t n = strlen(s);
	if (c->len + (int)n >= (int)sizeof c->buf)
		return;
	memmove(c->buf + c->cur + n, c->buf + c->cur, (size_t)(c->len - c->cur) + 1);
	memcpy(c->buf + c->cur, s, n);
	c->len += (int)n;
	c->cur += (int)n;
}

/* The byte offsets of the characters before and after offset i. */
static int prev_char(const cmdline *c, int i)
{
	while (i > 0 && ((unsigned char)c->buf[--i] & 0xC0) == 0x80)
		;
	return i;
}

static int next_char(const cmdline *c, int i)
{
	while (i < c->len && ((unsigned char)c->buf[++i] & 0xC0) == 0x80)
		;
	return i;
}

static void delete_range(cmdline *c, int from, int to)
{
	if (from < 0 || to > c->len || from >= to)
		return;
	memmove(c->buf + from, c->buf + to, (size_t)(c->len - to) + 1);
	c->len -= to - from;
	c->cur = from;
}

/* Up: older (H_NEXT in libedit's order), down: newer, back to the draft. */
static void browse(cmdline *c, int older)
{
	int rc;
	if (c->plain)
		return;
	if (!c->browsing) {
		if (!older)
			return;
		str_copy(c->draft, c->buf, sizeof c->draft);
		rc = history(c->hist, &c->ev, H_FIRST);
		if (rc == 0)
			c->browsing = 1;
	} else {
		rc = history(c->hist, &c->ev, older ? H_NEXT : H_PREV);
		if (rc != 0 && !older) {
			c->browsing = 0;
			set_text(c, c->draft);
			return;
		}
	}
	if (rc == 0)
		set_text(c, c->ev.str);
}

/* Ctrl-R: the newest history line holding the search text, starting from
 * the one shown (again: the next older match). */
static void search(cmdline *c, int again)
{
	HistEvent e;
	int rc = again && c->found[0] ? history(c->hist, &e, H_NEXT) : history(c->hist, &e, H_FIRST);
	c->found[0] = '\0';
	for (; rc == 0; rc = history(c->hist, &e, H_NEXT))
		if (c->len == 0 || strstr(e.str, c->buf)) {
			str_copy(c->found, e.str, sizeof c->found);
			c->found[strcspn(c->found, "\r\n")] = '\0';
			break;
		}
	snprintf(c->hint, sizeof c->hint, c->found[0] || !c->len ? "(search: Enter takes it, Ctrl-R older)"
		 : "(search: no match)");
}

static void complete(cmdline *c)
{
	char ins[256], list[512];
	if (c->plain)
		return;
	int n = complete_line(c->buf, c->cur, c->knobs, c->nknobs, ins, sizeof ins, list, sizeof list);
	if (n)
		insert(c, ins);
	if (n > 1)
		snprintf(c->hint, sizeof c->hint, "%s", list);
	else if (!n)
		snprintf(c->hint, sizeof c->hint, "(no completion)");
}

static int submit(cmdline *c, char *out, size_t outlen)
{
	if (c->searching) {
		set_text(c, c->found);
		c->searching = 0;
	}
	str_copy(out, c->buf, outlen);
	if (c->len && !c->plain)
		history(c->hist, &c->ev, H_ENTER, c->buf);
	c->active = 0;
	c->browsing = 0;
	return CL_SUBMIT;
}

int cmdline_key(cmdline *c, int key, char *out, size_t outlen)
{
	c->hint[0] = '\0';
	if (c->searching && key != CTRL('r') && key != '\r' && key != '\n' && key != KEY_ENTER &&
	    key != 27 && key != CTRL('g') && key != KEY_BACKSPACE && key != 127 && key != 8 &&
	    !(key >= 32 && key < 127) && !CRT_KEY_CHAR(key)) {
		/* Any editing key ends the search with the line found. */
		c->searching = 0;
		set_text(c, c->found);
	}
	switch (key) {
	case '\r': case '\n': case KEY_ENTER:
		return submit(c, out, outlen);
	case 27: case CTRL('g'):
		c->active = 0;
		c->searching = 0;
		c->browsing = 0;
		return CL_CANCEL;
	case KEY_BACKSPACE: case 127: case 8:
		if (c->cur == 0 && c->len == 0 && !c->searching) {
			c->active = 0;
			return CL_CANCEL;
		}
		delete_range(c, prev_char(c, c->cur), c->cur);
		break;
	case KEY_DC: case CTRL('d'):
		delete_range(c, c->cur, next_char(c, c->cur));
		break;
	case KEY_LEFT: case CTRL('b'):
		c->cur = prev_char(c, c->cur);
		break;
	case KEY_RIGHT: case CTRL('f'):
		c->cur = next_char(c, c->cur);
		break;
	case KEY_HOME: case CTRL('a'):
		c->cur = 0;
		break;
	case KEY_END: case CTRL('e'):
		c->cur = c->len;
		break;
	case CTRL('u'):
		delete_range(c, 0, c->cur);
		break;
	case CTRL('k'):
		delete_range(c, c->cur, c->len);
		break;
	case CTRL('w'): {
		int k = c->cur;
		while (k > 0 && c->buf[k - 1] == ' ')
			k--;
		while (k > 0 && c->buf[k - 1] != ' ')
			k--;
		delete_range(c, k, c->cur);
		break;
	}
	case KEY_UP: case CTRL('p'):
		browse(c, 1);
		break;
	case KEY_DOWN: case CTRL('n'):
		browse(c, 0);
		break;
	case '\t':
		complete(c);
		return CL_EDITED;
	case CTRL('r'):
		if (c->plain)
			return CL_NONE;
		if (!c->searching) {
			c->searching = 1;
			set_text(c, "");
			c->found[0] = '\0';
			search(c, 0);
		} else {
			search(c, 1);
		}
		return CL_EDITED;
	default: {
		char s[5];
		size_t n = 0;
		if (key >= 32 && key < 127)
			s[n++] = (char)key;
		else if (CRT_KEY_CHAR(key))
			n = utf8_encode(CRT_KEY_CHAR(key), s);
		if (!n)
			return CL_NONE;
		s[n] = '\0';
		insert(c, s);
	}
	}
	if (c->searching)
		search(c, 0);
	return CL_EDITED;
}

void cmdline_draw(const cmdline *c, int y, int w)
{
	char line[4 * CMDLINE_MAX + 64];
	const char *lead = c->searching ? "(reverse-i-search)'" : c->prompt;
	int cursor = screen_cols(lead, strlen(lead)), start = 0, dropped = 0;
	move(y, 0);
	clrtoeol();
	if (c->searching) {
		snprintf(line, sizeof line, "%s%s': %s", lead, c->buf, c->found);
		cursor += screen_cols(c->buf, (size_t)c->cur);
	} else if (c->mask) {
		/* A star a character, not a byte: the length is all it tells. */
		int n = snprintf(line, sizeof line, "%s", lead);
		for (int i = 0; i < c->len; i = next_char(c, i)) {
			line[n++] = '*';
			cursor += i < c->cur;
		}
		line[n] = '\0';
	} else {
		snprintf(line, sizeof line, "%s%s", lead, c->buf);
		cursor += screen_cols(c->buf, (size_t)c->cur);
	}
	/* Keep the cursor on screen when the line is longer than the row,
	 * dropping whole characters from the left. */
	while (cursor - dropped >= w - 1 && line[start]) {
		size_t k = utf8_seq_len(line + start, strnlen(line + start, 4));
		k += !k;
		dropped += screen_cols(line + start, k);
		start += (int)k;
	}
	int n = screen_put(y, 0, w, 0, line + start);
	if (c->hint[0] && n + 3 < w)
		screen_put(y, n + 2, w - n - 2, crt_attr(CRT_DIM), c->hint);
	move(y, cursor - dropped);
}
