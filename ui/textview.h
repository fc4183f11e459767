/* textview.h: a scrolled box of text lines over the panes, for overlays
 * whose text may be longer than the screen (the help, the marker list):
 * PgUp/PgDn, the arrows, Home and End move it, a line at the bottom says
 * where it is and that there is more. */
#ifndef TPCC_UI_TEXTVIEW_H
#define TPCC_UI_TEXTVIEW_H

#define TEXTVIEW_LINES 256
#define TEXTVIEW_COLS 256

typedef struct textview {
	char line[TEXTVIEW_LINES][TEXTVIEW_COLS];
	unsigned char title[TEXTVIEW_LINES];  /* a heading: the title colour */
	int n;
} textview;

void textview_clear(textview *t);
/* One line (cut at TEXTVIEW_COLS); title marks a heading. */
void textview_add(textview *t, int title, const char *s);
/* "label  text", text folded at spaces to width columns: the lines after
 * the first start under the text, or, where the label leaves too little
 * room, all of the text goes under the label, indented. */
void textview_entry(textview *t, const char *label, int label_w, const char *text, int width);
/* The inner width a box of at most max_w columns gets on this screen. */
int textview_width(int max_w);
/* Draw t in a box of at most max_w columns titled title, from line *top
 * on; *top is kept within the lines there are. */
void textview_draw(const textview *t, int max_w, const char *title, int *top);
/* A key while the box is open: 1 when it closes it, 0 when it scrolled. */
int textview_key(int *top, int key);

#endif
