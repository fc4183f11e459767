/* options.h: every setting of tpcc-console, as one table (name, type, bounds,
 * default, help) that drives the config file, the command line, --help and
 * the documented example config.  The table is option_table.c; what it
 * drives is options.c. */
#ifndef TPCC_OPTIONS_H
#define TPCC_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#define OPT_STR_MAX 256
#define ARGS_FILES_MAX 32
#define SCHEDULE_MAX 64
#define KNOBS_MAX 32

#define SCHEDULE_VUS_MAX 10000

typedef struct vu_step {
	int at;   /* seconds from the start of the run */
	int vus;
} vu_step;

/* The resolved configuration.  Strings are fixed buffers so the struct can be
 * copied freely and never owns heap memory. */
typedef struct tpcc_config {
	/* connection */
	char driver[32];          /* mysql | pg | sqlite | odbc | null */
	char host[OPT_STR_MAX];
	int port;
	char socket[OPT_STR_MAX];
	char user[OPT_STR_MAX];
	char password[OPT_STR_MAX]; /* from file, TPCC_PASSWORD or prompt only */
	char database[OPT_STR_MAX];
	int database_given;         /* typed by the user (opt_set_user) */
	int driver_named;           /* by the command line, a screen or a config file */
	char db_file[OPT_STR_MAX];  /* sqlite */
	char dsn[OPT_STR_MAX];
	char odbc[OPT_STR_MAX];
	char conninfo[OPT_STR_MAX]; /* pg: libpq connection string or URI */
	char snapshot[OPT_STR_MAX]; /* snapshot/restore: its database or file ("": derived) */
	char dialect[16];           /* auto | mysql | postgresql | mssql */
	char isolation[24];         /* default | read-committed | ... */
	char ssl_mode[32];
	char ssl_ca[OPT_STR_MAX];
	int read_option_files;      /* mysql ~/.my.cnf [client] */
	int connect_timeout;
	int server_pid;             /* the local server's pid for CPU figures (0: find it) */

	/* workload */
	int warehouses;
	char mode[16];              /* statements | procedures */
	int pipeline;               /* statements mode: batches of statements in one round trip */
	char terminals[16];         /* auto | threads | fibers */
	int keying_thinking;
	int rollback_pct;           /* New-Orders that name the unused item, percent */
	int all_warehouses;
	int load_threads;
	int load_batch;             /* rows per INSERT / per commit when loading */
	char warehouse_range[32];   /* "FIRST-LAST" home warehouses; "": all */

	/* run */
	int vus;
	int rampup;                 /* seconds (auto: the most) */
	int rampup_auto;            /* run.rampup = "auto[:MAX]": until steady (MSER-5) */
	int duration;               /* steady seconds */
	int rampdown;
	int extend_step;            /* seconds added by `extend` with no argument */
	int retry_max;              /* retries of one transaction before it counts as an error */
	int rate;                   /* offered load, transactions per minute over all VUs; 0: closed loop */
	int reconnect_max_s;        /* give up reconnecting after this long (0: never) */
	char results_dir[OPT_STR_MAX];
	int results_roll_kb;        /* KB: the results file rolls over past it (0: never) */
	int results_keep;           /* rolled-over files kept on disk, the current one counted */
	int batch;
	int report_interval;        /* seconds between batch lines */
	char label[OPT_STR_MAX];    /* the run's name in runs, reports, the header */
	char tags[1024];            /* K=V,K=V */
	char on_hangup[16];         /* continue | stop: what SIGHUP does to a run */
	char metrics_listen[OPT_STR_MAX]; /* [ADDR:]PORT of /metrics; "": off */
	char start_at[40];          /* when the phases begin (UTC or +SECONDS); "": now */
	int nschedule;
	vu_step schedule[SCHEDULE_MAX];
	int nknobs;
	char knobs[KNOBS_MAX][64];
	int restore_knobs;          /* put `set` changes back when the run ends */
	int demo_step;              /* seconds per step of the demo's story */
	int kiosk;                  /* open the console in its kiosk view */
	int demo_max_db;            /* MB: the demo restores its snapshot past it */

	/* sweep */
	char sweep_vus[OPT_STR_MAX];   /* "1,2,4" (empty: run.vus) */
	char sweep_knob[OPT_STR_MAX];  /* "NAME=V1,V2" (empty: none) */
	char sweep_rate[OPT_STR_MAX];  /* offered loads "20000,40000" (empty: run.rate) */
	int sweep_step;                /* measured seconds per step */
	int sweep_settle;              /* seconds before measuring (auto: the most) */
	int settle_auto;               /* sweep.settle = "auto[:MAX]": until steady */
	char sweep_steps[4096];        /* "vus=4 NAME=V settle=S step=S; ..." */
	int sweep_reset;               /* restore the snapshot before every step */
	/* ab (sweep.segments, sweep.segment): A/B segments in a balanced order (sweep.knob, sweep.vus and
	 * sweep.rate give A's and B's values; sweep.settle each one's settle) */
	int ab_segments;               /* how many, at least 4 */
	int ab_segment;                /* measured seconds of each */
	/* capacity (sweep.limit): "new_order.p90=5s; payment.p99=200ms"
	 * (empty: TPC-C's 90th-percentile bounds); sweep.steps, a number,
	 * is its step budget */
	char sweep_limit[OPT_STR_MAX];

	/* where values came from, for messages */
	char config_path[OPT_STR_MAX];
	int ask_password;
	char durability_file[1024];  /* check --durability RUN.json */
	char script[OPT_STR_MAX];   /* cli -s FILE: commands to run first */
	int procedures_only;        /* build --procedures-only */
	int adopt_apply;            /* adopt --apply */
	int adopt_set;              /* adopt --table-set N (sysbench-tpcc's suffix; 0: the lowest) */
	char dump_reference[16];    /* --dump-reference=SECTION: print the man page's roff */
	/* The words after the subcommand (report, compare, runs, replay and
	 * restore-knobs take results files; the others none), pointing into
	 * argv. */
	int nfiles;
	const char *files[ARGS_FILES_MAX];
	char output[1024];          /* report -o FILE */
	char format[8];             /* report --format html|csv|md */
	char fail_if[512];          /* compare --fail-if, comma-joined */
	int json;                   /* runs --json */
	char against[1024];         /* replay --against FILE */
	int merge;                  /* report/compare --merge N: N files make one run; 0 none */
} tpcc_config;

typedef enum opt_type { OPT_INT, OPT_BOOL, OPT_STRING, OPT_ENUM, OPT_SCHEDULE, OPT_LIST } opt_type;

/* Which console config screen (F2) shows an option; OPT_SCR_NONE: none
 * (the file and the command line still have it). */
typedef enum opt_screen {
	OPT_SCR_NONE, OPT_SCR_CONNECTION, OPT_SCR_WORKLOAD, OPT_SCR_PHASES, OPT_SCR_KNOBS,
	OPT_SCR_COUNT
} opt_screen;

typedef struct opt_def {
	const char *key;        /* config path, e.g. "connection.host" */
	const char *longopt;    /* command-line name without "--", or NULL */
	char shortopt;          /* or 0 */
	opt_type type;
	long min, max;          /* OPT_INT bounds */
	const char *enums;      /* OPT_ENUM: "a|b|c" */
	const char *def;        /* default as text */
	size_t offset;          /* into tpcc_config */
	size_t size;            /* for strings */
	const char *argname;    /* for --help */
	const char *help;       /* one line for --help and the F2 screens */
	const char *man;        /* the man page's paragraph (roff); range and
				 * default are in it, the key is added */
	int secret;             /* never printed, never from argv */
	int repeat;             /* OPT_STRING, comma-separated: each use on the
				 * command line adds an item; 2: items apart
				 * by "; " (items that hold commas) */
	/* OPT_INT: nonzero, the option also takes "auto" or "auto:MAX" (a
	 * phase that ends when the run finds its steady state, at most MAX
	 * seconds): the int at auto_offset is then 1 and the value MAX
	 * (auto_max when not given); a number sets it 0. */
	size_t auto_offset;
	int auto_max;
	/* OPT_INT counted in seconds: the value may carry a unit, "90s",
	 * "45m", "2h", "1d" (a DBA used to minutes types --duration 5m);
	 * it is kept, shown and saved as seconds. */
	int seconds;
	/* Nonzero: the int at given_offset is 1 once opt_set_user set the
	 * option, for a setting that yields to the environment only when
	 * the user left it alone. */
	size_t given_offset;
	/* Nonzero: the int at named_offset is 1 once the command line, a
	 * screen or a config file set the option, for a setting that is
	 * taken from elsewhere (a results file) only when nobody named it. */
	size_t named_offset;
	/* Checks a value beyond its type (NULL: none); -1 with err filled. */
	int (*check)(const char *value, char *err, size_t errlen);
	opt_screen screen;      /* the config screen it is edited on */
} opt_def;

extern const opt_def opt_table[];
extern const size_t opt_count;

/* "Connection", "Workload", ... for a screen's tab. */
const char *opt_screen_name(opt_screen s);

void config_defaults(tpcc_config *c);
const opt_def *opt_find_key(const char *key);
/* run.tags' check: comma-separated K=V, K of letters, digits, '_', '.', '-'. */
int opt_check_tags(const char *value, char *err, size_t errlen);
const opt_def *opt_find_long(const char *name);
/* Seconds as text: "600", or with a unit, "90s", "45m", "2h", "1d", in
 * [min, max].  0 with *out, -1 when it is none of these. */
int opt_parse_seconds(const char *s, long min, long max, long *out);
/* Set an option from text; on error fill err ("expected an integer from 1 to
 * 10000, got 'x'") and return -1. */
int opt_set(tpcc_config *c, const opt_def *o, const char *value, char *err, size_t errlen);
/* opt_set, and the option marked as the user's (opt_def.given_offset):
 * for a value typed on the command line or a screen.  A config file's
 * are not marked, since saved files and the example hold every key,
 * defaults among them. */
int opt_set_user(tpcc_config *c, const opt_def *o, const char *value, char *err,
		 size_t errlen);
/* Format an option's current value as text (secret ones as "***").  The text
 * reads back through opt_set: a schedule as "0:2,60:4", a list as "a,b". */
void opt_format(const tpcc_config *c, const opt_def *o, char *buf, size_t len);
/* Check a VU schedule: at >= 0 and strictly increasing, vus 0..10000, at most
 * SCHEDULE_MAX steps.  Returns 0, or -1 with err filled and *bad (if not
 * NULL) set to the index of the offending step. */
int opt_check_schedule(const vu_step *steps, int n, int *bad, char *err, size_t errlen);

/* Check one run.knobs item: a server variable name of letters, digits, '_'
 * and '.' (not first), shorter than a knobs slot.  Returns 0, or -1 with
 * err filled ("'a b' is not a variable name ..."). */
int opt_check_knob(const char *name, char *err, size_t errlen);
/* workload.warehouse_range: "" gives 1..warehouses; "F-L" must lie within
 * them (warehouses 0: not known yet, only the syntax is checked).  Returns
 * 0, or -1 with err saying what was expected. */
int opt_warehouse_range(const char *s, int warehouses, int *first, int *last, char *err,
			size_t errlen);
/* run.start_at against now (seconds since the epoch): *at gets the time to
 * begin (now for ""), or -1 with err. */
int opt_start_at(const char *s, long long now, long long *at, char *err, size_t errlen);
/* An offered load (run.rate, or a sweep's rates: any_rate) with keying and
 * think times, whose terminals pace themselves: -1 with err saying so. */
int opt_check_rate(const tpcc_config *c, int any_rate, char *err, size_t errlen);

/* Cross-field checks after everything is loaded (e.g. sqlite needs a file). */
int config_validate(const tpcc_config *c, char *err, size_t errlen);

#endif
