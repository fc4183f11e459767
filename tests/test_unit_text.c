/* test_unit_text.c: the text helpers every writer shares.  utf8_seq_len
 * against the Unicode standard's well-formed table at each edge (overlong
 * forms, surrogates, past U+10FFFF, sequences cut short); utf8_repair
 * replacing each bad byte and keeping every good character; utf8_copy
 * cutting only between characters; utf8_encode at each length's edges,
 * refusing what UTF-8 cannot hold, and utf8_decode undoing it; the JSON writer's strings always
 * UTF-8; and strbuf growing, printing and dropping its front. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <stdlib.h>
#include <string.h>
#include "results/json.h"
#include "util/strbuf.h"
#include "util/utf8.h"

#define LEN(s) (sizeof(s) - 1)

START_TEST(test_seq_len)
{
	static const struct { const char *s; size_t n, want; } c[] = {
		{ "a", 1, 1 }, { "\x7f", 1, 1 },
		{ "\xc2\x80", 2, 2 }, { "\xdf\xbf", 2, 2 },
		{ "\xc0\x80", 2, 0 }, { "\xc1\xbf", 2, 0 },          /* overlong */
		{ "\xe0\xa0\x80", 3, 3 }, { "\xe0\x9f\xbf", 3, 0 },   /* overlong */
		{ "\xed\x9f\xbf", 3, 3 }, { "\xed\xa0\x80", 3, 0 },   /* a surrogate */
		{ "\xef\xbf\xbd", 3, 3 },
		{ "\xf0\x90\x80\x80", 4, 4 }, { "\xf0\x8f\xbf\xbf", 4, 0 },
		{ "\xf4\x8f\xbf\xbf", 4, 4 }, { "\xf4\x90\x80\x80", 4, 0 },  /* > U+10FFFF */
		{ "\xf5\x80\x80\x80", 4, 0 }, { "\xff", 1, 0 }, { "\x80", 1, 0 },
		{ "\xc3", 1, 0 }, { "\xe2\x82", 2, 0 },                /* cut short */
		{ "\xe2\x82" "a", 3, 0 }, { "\xc3\xa9", 1, 0 },      /* n says cut */
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
		ck_assert_msg(utf8_seq_len(c[i].s, c[i].n) == c[i].want, "case %zu: %zu, want %zu", i,
			      utf8_seq_len(c[i].s, c[i].n), c[i].want);
	ck_assert_uint_eq(utf8_seq_len("", 0), 0);
}
END_TEST

START_TEST(test_repair)
{
	size_t n;
	char *r = utf8_repair("io\xff cap", LEN("io\xff cap"), &n);
	ck_assert_str_eq(r, "io\xef\xbf\xbd cap");
	ck_assert_uint_eq(n, strlen(r));
	free(r);
	/* Latin-1 "café", a good "é", a truncated sequence at the end. */
	const char in[] = "caf\xe9 \xc3\xa9 \xe2\x82";
	ck_assert_uint_eq(utf8_invalid_bytes(in, LEN(in)), 3);
	r = utf8_repair(in, LEN(in), &n);
	ck_assert_str_eq(r, "caf\xef\xbf\xbd \xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd");
	ck_assert_uint_eq(utf8_invalid_bytes(r, n), 0);
	free(r);
	/* Valid text comes back as it was, NULs and all. */
	const char ok[] = "a\0\xe2\x82\xac";
	r = utf8_repair(ok, LEN(ok), &n);
	ck_assert_uint_eq(n, LEN(ok));
	ck_assert(!memcmp(r, ok, n));
	free(r);
}
END_TEST

START_TEST(test_copy)
{
	char b[6];
	/* "ab€x": the euro does not fit after "ab" with 5 bytes of room. */
	ck_assert_uint_eq(utf8_copy(b, "ab\xe2\x82\xacx", 5), 2);
	ck_assert_str_eq(b, "ab");
	ck_assert_uint_eq(utf8_copy(b, "ab\xe2\x82\xacx", 6), 5);
	ck_assert_str_eq(b, "ab\xe2\x82\xac");
	ck_assert_uint_eq(utf8_copy(b, "\xff", sizeof b), 3);
	ck_assert_str_eq(b, UTF8_REPLACEMENT);
	ck_assert_uint_eq(utf8_copy(b, "abc", 1), 0);
	ck_assert_str_eq(b, "");
}
END_TEST

START_TEST(test_encode)
{
	static const struct { unsigned long cp; const char *want; } c[] = {
		{ 0x41, "A" }, { 0x7F, "\x7f" }, { 0x80, "\xc2\x80" }, { 0xE9, "\xc3\xa9" },
		{ 0x7FF, "\xdf\xbf" }, { 0x800, "\xe0\xa0\x80" }, { 0x65E5, "\xe6\x97\xa5" },
		{ 0xD7FF, "\xed\x9f\xbf" }, { 0xE000, "\xee\x80\x80" }, { 0xFFFF, "\xef\xbf\xbf" },
		{ 0x10000, "\xf0\x90\x80\x80" }, { 0x10FFFF, "\xf4\x8f\xbf\xbf" },
	};
	char b[4];
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		size_t n = utf8_encode(c[i].cp, b);
		ck_assert_uint_eq(n, strlen(c[i].want));
		ck_assert(!memcmp(b, c[i].want, n));
		/* What it writes, the reader takes whole and decodes back. */
		unsigned long cp = 0;
		ck_assert_uint_eq(utf8_seq_len(b, n), n);
		ck_assert_uint_eq(utf8_decode(b, n, &cp), n);
		ck_assert_uint_eq(cp, c[i].cp);
	}
	unsigned long cp = 7;
	/* Overlong, a surrogate, cut short: no character, cp untouched. */
	ck_assert_uint_eq(utf8_decode("\xc0\xaf", 2, &cp), 0);
	ck_assert_uint_eq(utf8_decode("\xed\xa0\x80", 3, &cp), 0);
	ck_assert_uint_eq(utf8_decode("\xe6\x97", 2, &cp), 0);
	ck_assert_uint_eq(cp, 7);
	ck_assert_uint_eq(utf8_encode(0xD800, b), 0);
	ck_assert_uint_eq(utf8_encode(0xDFFF, b), 0);
	ck_assert_uint_eq(utf8_encode(0x110000, b), 0);
}
END_TEST

START_TEST(test_json_string)
{
	jbuf b;
	jb_init(&b);
	jb_str(&b, "io\xff cap \"q\"\n\x01 \xc3\xa9");
	ck_assert_str_eq(b.s.p, "\"io\xef\xbf\xbd cap \\\"q\\\"\\n\\u0001 \xc3\xa9\"");
	jb_free(&b);
}
END_TEST

START_TEST(test_strbuf)
{
	strbuf b = { 0 };
	for (int i = 0; i < 1000; i++)
		strbuf_printf(&b, "%d,", i);
	ck_assert(!b.oom);
	ck_assert_uint_eq(b.len, strlen(b.p));
	ck_assert(!strncmp(b.p, "0,1,2,", 6));
	ck_assert(!strcmp(b.p + b.len - 4, "999,"));
	char big[5000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	strbuf_reset(&b);
	strbuf_printf(&b, "<%s>", big);     /* longer than the room left */
	ck_assert_uint_eq(b.len, sizeof big + 1);
	ck_assert(b.p[0] == '<' && b.p[b.len - 1] == '>');
	strbuf_drop_front(&b, 1);
	ck_assert_uint_eq(b.len, sizeof big);
	ck_assert(b.p[0] == 'x');
	strbuf_reset(&b);
	strbuf_put_utf8(&b, "a\xff" "b\xc3\xa9\xe9", 6);
	ck_assert_str_eq(b.p, "a" UTF8_REPLACEMENT "b\xc3\xa9" UTF8_REPLACEMENT);
	strbuf_drop_front(&b, 100);
	ck_assert_uint_eq(b.len, 0);
	ck_assert_str_eq(b.p, "");
	strbuf_free(&b);
	ck_assert(b.p == NULL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_seq_len);
	tcase_add_test(tc, test_repair);
	tcase_add_test(tc, test_copy);
	tcase_add_test(tc, test_encode);
	tcase_add_test(tc, test_json_string);
	tcase_add_test(tc, test_strbuf);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
