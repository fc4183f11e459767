/* test_unit_diskstats.c: /proc/diskstats and /proc/self/mountinfo lines from
 * fixture text (rates, no-I/O latency, counter wrap), and the device lookup
 * against this machine's real /proc and /sys. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "run/diskstats.h"

/* Two readings one second apart, as a 6.x kernel prints them (20 fields). */
static const char before[] =
	"   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	" 259       0 nvme0n1 1000 10 80000 500 2000 20 160000 400 0 900 900 0 0 0 0 0 0\n"
	" 259       1 nvme0n1p1 100 0 8000 50 200 0 16000 40 0 90 90 0 0 0 0 0 0\n"
	" 253       0 dm-0 7 0 56 3 9 0 72 4 0 5 7\n";
static const char after[] =
	"   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	" 259       0 nvme0n1 1220 10 97600 522 2500 20 200000 460 0 950 982 0 0 0 0 0 0\n"
	" 259       1 nvme0n1p1 100 0 8000 50 210 0 16800 45 0 95 95 0 0 0 0 0 0\n"
	" 253       0 dm-0 7 0 56 3 9 0 72 4 0 5 7\n";

START_TEST(test_parse)
{
	disk_counters c;
	ck_assert_int_eq(diskstats_parse(before, "nvme0n1", &c), 0);
	ck_assert_uint_eq(c.rd_ios, 1000);
	ck_assert_uint_eq(c.rd_ms, 500);
	ck_assert_uint_eq(c.wr_ios, 2000);
	ck_assert_uint_eq(c.wr_ms, 400);
	/* A partition has its own line; a name is matched whole, not as a
	 * prefix of a longer one. */
	ck_assert_int_eq(diskstats_parse(before, "nvme0n1p1", &c), 0);
	ck_assert_uint_eq(c.wr_ios, 200);
	ck_assert_int_eq(diskstats_parse(before, "nvme0", &c), -1);
	ck_assert_int_eq(diskstats_parse(before, "sda", &c), -1);
	/* Old kernels print 14 fields; a short or garbled line is no match. */
	ck_assert_int_eq(diskstats_parse(" 8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n", "sda", &c), 0);
	ck_assert_uint_eq(c.wr_ms, 8);
	ck_assert_int_eq(diskstats_parse(" 8 0 sda 1 2 3\n", "sda", &c), -1);
	ck_assert_int_eq(diskstats_parse("", "sda", &c), -1);
}
END_TEST

START_TEST(test_rates)
{
	disk_counters a, b;
	disk_rates r;
	ck_assert_int_eq(diskstats_parse(before, "nvme0n1", &a), 0);
	ck_assert_int_eq(diskstats_parse(after, "nvme0n1", &b), 0);
	diskstats_rates(&a, &b, 1.0, &r);
	ck_assert_double_eq_tol(r.r_iops, 220, 1e-9);
	ck_assert_double_eq_tol(r.w_iops, 500, 1e-9);
	ck_assert_double_eq_tol(r.r_ms, 22.0 / 220, 1e-9);
	ck_assert_double_eq_tol(r.w_ms, 60.0 / 500, 1e-9);
	diskstats_rates(&a, &b, 2.0, &r);
	ck_assert_double_eq_tol(r.w_iops, 250, 1e-9);
	ck_assert_double_eq_tol(r.w_ms, 60.0 / 500, 1e-9); /* per I/O, not per second */
	/* No read completed: the read latency is unknown (-1, drawn "-"),
	 * never 0/0. */
	ck_assert_int_eq(diskstats_parse(before, "nvme0n1p1", &a), 0);
	ck_assert_int_eq(diskstats_parse(after, "nvme0n1p1", &b), 0);
	diskstats_rates(&a, &b, 1.0, &r);
	ck_assert_double_eq(r.r_iops, 0);
	ck_assert_double_eq(r.r_ms, -1);
	ck_assert(isfinite(r.r_ms));
	ck_assert_double_eq_tol(r.w_ms, 0.5, 1e-9);
	/* An idle device: nothing at all. */
	ck_assert_int_eq(diskstats_parse(before, "dm-0", &a), 0);
	ck_assert_int_eq(diskstats_parse(after, "dm-0", &b), 0);
	diskstats_rates(&a, &b, 1.0, &r);
	ck_assert_double_eq(r.r_iops + r.w_iops, 0);
	ck_assert_double_eq(r.r_ms, -1);
	ck_assert_double_eq(r.w_ms, -1);
	/* No time passed. */
	diskstats_rates(&a, &b, 0, &r);
	ck_assert_double_eq(r.w_iops, 0);
	ck_assert_double_eq(r.w_ms, -1);
}
END_TEST

START_TEST(test_wrap)
{
	/* The ms fields are 32-bit in the kernel's output: 4294967290 -> 10
	 * is 16 ms, not a jump of 2^64. */
	ck_assert_uint_eq(diskstats_delta(4294967290ull, 10), 16);
	ck_assert_uint_eq(diskstats_delta(5, 5), 0);
	ck_assert_uint_eq(diskstats_delta(5, 9), 4);
	/* A 64-bit counter wraps at 2^64. */
	ck_assert_uint_eq(diskstats_delta(0xfffffffffffffffeull, 1), 3);
	disk_counters a = { .rd_ios = 4294967295ull, .rd_ms = 4294967295ull,
			    .wr_ios = 100, .wr_ms = 4294967200ull };
	disk_counters b = { .rd_ios = 9, .rd_ms = 19, .wr_ios = 110, .wr_ms = 4 };
	disk_rates r;
	diskstats_rates(&a, &b, 1.0, &r);
	ck_assert_double_eq_tol(r.r_iops, 10, 1e-9);
	ck_assert_double_eq_tol(r.r_ms, 2.0, 1e-9);
	ck_assert_double_eq_tol(r.w_iops, 10, 1e-9);
	ck_assert_double_eq_tol(r.w_ms, 10.0, 1e-9);
}
END_TEST

START_TEST(test_mountinfo)
{
	static const char mi[] =
		"22 27 0:21 / /proc rw,relatime - proc proc rw\n"
		"27 1 254:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw\n"
		"30 27 0:45 / /var/lib/docker/overlay2/x/merged rw,relatime shared:9 master:2 - "
		"overlay overlay rw,lowerdir=/a:/b\n"
		"31 27 0:46 / /tmp rw - tmpfs tmpfs rw\n";
	char t[64];
	ck_assert_int_eq(diskstats_mount_fstype(mi, 0, 45, t, sizeof t), 0);
	ck_assert_str_eq(t, "overlay");
	ck_assert_int_eq(diskstats_mount_fstype(mi, 0, 46, t, sizeof t), 0);
	ck_assert_str_eq(t, "tmpfs");
	ck_assert_int_eq(diskstats_mount_fstype(mi, 254, 1, t, sizeof t), 0);
	ck_assert_str_eq(t, "ext4");
	ck_assert_int_eq(diskstats_mount_fstype(mi, 0, 4, t, sizeof t), -1);
}
END_TEST

/* The real machine: the directory of a temp file is on a block device we
 * find (and can read), or the lookup says why not; /proc never is. */
START_TEST(test_lookup_here)
{
	char tmpl[] = "/tmp/tpcc-diskstats-XXXXXX", dev[64], why[256];
	int fd = mkstemp(tmpl);
	ck_assert_int_ge(fd, 0);
	close(fd);
	dev[0] = why[0] = '\0';
	int rc = diskstats_device("/tmp", dev, sizeof dev, why, sizeof why);
	int rc2 = diskstats_device(tmpl, dev, sizeof dev, why, sizeof why);
	unlink(tmpl);
	ck_assert_int_eq(rc, rc2);
	if (rc == 0) {
		disk_counters c;
		ck_assert(dev[0] != '\0');
		ck_assert_int_eq(diskstats_read(dev, &c), 0);
		fprintf(stderr, "# %s is on %s\n", tmpl, dev);
	} else {
		ck_assert_msg(why[0] != '\0', "n/a without a reason");
		fprintf(stderr, "# %s: n/a (%s)\n", tmpl, why);
	}
	ck_assert_int_eq(diskstats_device("/proc", dev, sizeof dev, why, sizeof why), -1);
	ck_assert_str_eq(why, "proc: no block device");
	/* A tmpfs, where there is one: memory, no disk to count. */
	struct statfs fs;
	if (statfs("/dev/shm", &fs) == 0 && fs.f_type == 0x01021994) {
		ck_assert_int_eq(diskstats_device("/dev/shm", dev, sizeof dev, why, sizeof why), -1);
		ck_assert_str_eq(why, "tmpfs: no block device");
	}
	ck_assert_int_eq(diskstats_device("/nonexistent/dir", dev, sizeof dev, why, sizeof why), -1);
	ck_assert_ptr_nonnull(strstr(why, "No such file"));
	ck_assert_int_eq(diskstats_device("", dev, sizeof dev, why, sizeof why), -1);
	ck_assert(why[0] != '\0');
}
END_TEST

int main(void)
{
	Suite *s = suite_create("diskstats");
	TCase *tc = tcase_create("diskstats");
	tcase_add_test(tc, test_parse);
	tcase_add_test(tc, test_rates);
	tcase_add_test(tc, test_wrap);
	tcase_add_test(tc, test_mountinfo);
	tcase_add_test(tc, test_lookup_here);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
