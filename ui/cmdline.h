/* cmdline.h: the console's command line, a small line editor drawn in
 * curses.  libedit cannot draw inside a curses screen, so only its history(3)
 * API is used here: history kept across sessions in a file, browsing with
 * the arrow keys, and Ctrl-R searching back for text. */
#ifndef TPCC_UI_CMDLINE_H
#define TPCC_UI_CMDLINE_H

#include <histedit.h>
#include <stddef.h>

#define CMDLINE_MAX 1024

typedef struct cmdline {
	char buf[CMDLINE_MAX];
	int len, cur;             /* bytes of UTF-8; cur between characters */
	int active;
	int searching;            /* Ctrl-R: buf is the search text */
	char found[CMDLINE_MAX];  /* the history line the search shows */
	History *hist;
	HistEvent ev;
	int browsing;             /* walking the history with the arrows */
	char draft[CMDLINE_MAX];  /* what was typed before browsing */
	char path[1024];          /* history file, "" for none */
	const char *const *knobs; /* for completion */
	int nknobs;
	char hint[512];           /* completion candidates, search state */
	/* A field editor (cmdline_open_field): its own prompt, no history,
	 * no completion, and maybe the text masked (a password). */
	int plain;
	int mask;
	char prompt[96];
} cmdline;

enum cmdline_result { CL_NONE, CL_EDITED, CL_SUBMIT, CL_CANCEL };

/* Load history from histfile (NULL: ~/.tpcc-console_history; "": none). */
int cmdline_init(cmdline *c, const char *histfile, const char *const *knobs, int nknobs,
		 char *err, size_t errlen);
/* Save the history (the file is created 0600) and free it. */
void cmdline_done(cmdline *c);
void cmdline_open(cmdline *c, const char *prefill);
/* Open as a one-value editor: "prompt" before the text, nothing kept in the
 * history (a value may be a password), the text drawn as '*' with mask. */
void cmdline_open_field(cmdline *c, const char *prompt, const char *prefill, int mask);
/* Feed a key; on CL_SUBMIT the line is in out and in the history. */
int cmdline_key(cmdline *c, int key, char *out, size_t outlen);
/* Draw on row y, w columns wide, and place the cursor. */
void cmdline_draw(const cmdline *c, int y, int w);

#endif
