"""Shared pieces of the bench scripts: a private MariaDB and PostgreSQL,
running tpcc-console, reading CPU from /proc.  Figures are printed as
`name: value unit` lines, one per figure."""
import json, os, resource, subprocess, sys, time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("TPCC_BIN", os.path.join(TOP, "tpcc-console"))
HZ = os.sysconf("SC_CLK_TCK")


def figure(name, value, unit=""):
    print(f"{name}: {value} {unit}".rstrip(), flush=True)


def _exports(script, workdir, env):
    """Run a tests/*-server.sh start and return the variables it exports."""
    out = subprocess.run([os.path.join(TOP, script), "start", workdir],
                         env=env, check=True, capture_output=True, text=True).stdout
    vals = {}
    for line in out.splitlines():
        if line.startswith("export "):
            k, v = line[7:].split("=", 1)
            vals[k] = v
    return vals


def start_mariadb(workdir, port=33091, env=None):
    """A private MariaDB; env (default: ours) may carry MARIADB_EXTRA_ARGS."""
    return _exports("tests/mariadb-server.sh", workdir, dict(env or os.environ, PORT=str(port)))


def start_pg(workdir, port, env):
    """A private PostgreSQL and ODBC setup; env may carry TPCC_TEST_MYSQL_PORT
    so odbc.ini gets a DSN for the MariaDB too."""
    return _exports("tests/pg-server.sh", workdir, dict(env, PG_PORT=str(port)))


def stop_pg(workdir):
    subprocess.run([os.path.join(TOP, "tests/pg-server.sh"), "stop", workdir], capture_output=True)


def pg_pid(workdir):
    with open(os.path.join(workdir, "data", "postmaster.pid")) as f:
        return int(f.readline().strip())


def pg_psql(env, sql):
    subprocess.run(["psql", "-X", "-q", "-h", env["TPCC_TEST_PG_DIR"], "-p", env["TPCC_TEST_PG_PORT"],
                    "-U", env["TPCC_TEST_PG_USER"], "-d", env["TPCC_TEST_PG_DB"], "-c", sql],
                   env=env, check=True)


def odbc_args(workdir, connstr, user):
    """Options for --driver odbc with a connection string (config file only)."""
    path = os.path.join(workdir, "odbc.conf")
    with open(path, "w") as f:
        f.write('connection = { driver = "odbc"; odbc = "%s"; };\n' % connstr)
    return ["-c", path, "--user", user]


def stop_mariadb(workdir):
    subprocess.run([os.path.join(TOP, "tests/mariadb-server.sh"), "stop", workdir],
                   capture_output=True)


def mariadb_flush_dirty(mysql, limit=300):
    """Have a MariaDB write out its dirty pages (innodb_max_dirty_pages_pct
    at 0 and a high innodb_io_capacity until none is left, at most limit
    seconds, then both back), so a run that follows does not share the disk
    with the flushing of what came before.  mysql runs one statement and
    returns its output."""
    t0 = time.monotonic()
    pct, cap, cap_max = mysql("SELECT @@innodb_max_dirty_pages_pct, @@innodb_io_capacity,"
                              " @@innodb_io_capacity_max").split("\t")
    mysql("SET GLOBAL innodb_io_capacity_max = 100000, innodb_io_capacity = 50000,"
          " innodb_max_dirty_pages_pct = 0")
    try:
        while time.monotonic() - t0 < limit and int(mysql(
                "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
                " WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_PAGES_DIRTY'")) > 0:
            time.sleep(0.5)
    finally:
        mysql(f"SET GLOBAL innodb_max_dirty_pages_pct = {pct},"
              f" innodb_io_capacity = {cap}, innodb_io_capacity_max = {cap_max}")


# The server's counters read at each mark on MariaDB, printed per New-Order
# beside another tool's: the rows each tool makes the engine touch
# (Handler_*, Innodb_rows_*), the statements it runs (Queries counts those
# inside procedures, Questions the client's) and the bytes on the wire.
# Global counters, so they include what each tool's own monitoring asks of
# the server (ours: SHOW GLOBAL STATUS once a second, the waits' PROCESSLIST
# sampling at 10 Hz).
COUNTERS = ("Handler_read_key", "Handler_read_next", "Handler_read_prev",
            "Handler_read_rnd_next", "Handler_update", "Handler_write", "Handler_delete",
            "Handler_commit", "Handler_rollback", "Innodb_rows_read", "Innodb_rows_updated",
            "Innodb_rows_inserted", "Innodb_rows_deleted", "Innodb_row_lock_waits",
            "Queries", "Questions", "Bytes_received", "Bytes_sent", "Innodb_os_log_written",
            "Innodb_data_fsyncs", "Innodb_buffer_pool_pages_flushed",
            "Innodb_buffer_pool_write_requests", "Innodb_log_write_requests",
            "Innodb_buffer_pool_reads", "Innodb_buffer_pool_read_requests")


class MariaProbe:
    """A mariadb client kept open on a private MariaDB, so that a mark
    costs a query, not a client start."""

    def __init__(self, socket):
        self.p = subprocess.Popen(["mariadb", "--no-defaults", "-N", "-B", "--unbuffered",
                                   "--socket", socket, "--user=root"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def _line(self, sql):
        self.p.stdin.write(sql + "\n")
        self.p.stdin.flush()
        return self.p.stdout.readline().strip()

    def new_orders(self, db):
        """The New-Orders db's district rows have given out so far: each
        committed one moves d_next_o_id on, a rolled-back one does not."""
        return int(self._line(f"SELECT SUM(d_next_o_id) FROM {db}.district;"))

    def counters(self):
        """COUNTERS now, as a dict by lower-case name."""
        names = ",".join(f"'{c.upper()}'" for c in COUNTERS)
        # GROUP_CONCAT stops at 1,024 bytes by default: these names alone pass it.
        line = self._line("SET SESSION group_concat_max_len = 65536;"
                          " SELECT GROUP_CONCAT(CONCAT(VARIABLE_NAME, '=', VARIABLE_VALUE))"
                          f" FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ({names});")
        return {k.lower(): int(v) for k, v in (kv.split("=", 1) for kv in line.split(","))}

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def maria_mark(probe, pid, mdb, db):
    """At a mark: the client's CPU seconds, mariadbd's, the New-Orders in db
    so far, the time, and the server's counters."""
    return (proc_cpu(pid), proc_cpu(server_pid(mdb)), probe.new_orders(db), time.monotonic(),
            probe.counters())


def maria_window(tag, s, e, out):
    """NOPM, CPU per 1,000 New-Orders and the counters per New-Order between
    two maria_mark()s, New-Orders counted in the database; out is the tool's
    output, shown when the window holds none."""
    n = e[2] - s[2]
    if n <= 0:
        sys.stderr.write(out)
        raise SystemExit(f"{tag}: no New-Orders between the marks")
    w = Window(n, e[3] - s[3], e[0] - s[0], e[1] - s[1])
    figure(f"{tag}.nopm", f"{w.nopm():.0f}", "new-orders/min")
    figure(f"{tag}.client_cpu_per_1000_new_orders", f"{w.client_per_1000():.3f}", "s")
    figure(f"{tag}.server_cpu_per_1000_new_orders", f"{w.server_per_1000():.3f}", "s")
    # NOPM follows how many of the cores the two processes keep busy as
    # much as what a New-Order costs them (doc/performance-history-2026.md, W).
    figure(f"{tag}.cores_busy", f"{w.cores_busy():.2f}", "client + server CPU s per s")
    for c in COUNTERS:
        k = c.lower()
        if k not in s[4] or k not in e[4]:
            continue   # a counter this server does not have (MariaDB 10.11: Innodb_rows_*)
        figure(f"{tag}.per_new_order.{k}", f"{(e[4][k] - s[4][k]) / n:.2f}")
    return w


class Window:
    """New-Orders, seconds and CPU seconds (client, server) of one run's
    window, or of several summed: a sitting's runs of one tool add up so,
    which weighs each run by its length, not each ratio alike."""

    def __init__(self, new_orders=0, seconds=0.0, client=0.0, server=0.0):
        self.new_orders, self.seconds, self.client, self.server = new_orders, seconds, client, server

    def __add__(self, o):
        return Window(self.new_orders + o.new_orders, self.seconds + o.seconds,
                      self.client + o.client, self.server + o.server)

    def nopm(self):
        return 60 * self.new_orders / self.seconds

    def client_per_1000(self):
        return 1000 * self.client / self.new_orders

    def server_per_1000(self):
        return 1000 * self.server / self.new_orders

    def cores_busy(self):
        return (self.client + self.server) / self.seconds

    def cost_per_1000(self):
        return self.client_per_1000() + self.server_per_1000()


def sitting_summary(tag, ours, theirs, their_name):
    """Each tool's runs of a sitting summed, and the ratio of the sums."""
    for who, w in (("tpcc-console", ours), (their_name, theirs)):
        figure(f"{tag}.{who}.nopm", f"{w.nopm():.0f}", "new-orders/min")
        figure(f"{tag}.{who}.client_cpu_per_1000_new_orders", f"{w.client_per_1000():.3f}", "s")
        figure(f"{tag}.{who}.server_cpu_per_1000_new_orders", f"{w.server_per_1000():.3f}", "s")
        figure(f"{tag}.{who}.cores_busy", f"{w.cores_busy():.2f}", "")
    figure(f"{tag}.nopm_ratio", f"{ours.nopm() / theirs.nopm():.2f}", "x")
    figure(f"{tag}.cost_ratio", f"{theirs.cost_per_1000() / ours.cost_per_1000():.2f}",
           f"x, {their_name}'s client + server CPU per New-Order over ours")


def server_pid(workdir):
    with open(os.path.join(workdir, "mysqld.pid")) as f:
        return int(f.read().strip())


def proc_cpu(pid, children=False):
    """user+system CPU seconds of a process so far; with children, also
    those of its children, running or exited and waited for (the backends
    of a PostgreSQL postmaster)."""
    def own():
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])
    if not children:
        return own()[0] / HZ
    # A child waited for between reading the parent's waited-for time and
    # reading the child's own would be counted in neither (a backend
    # exiting as a run ends): read until the parent's figure holds still.
    for _ in range(50):
        _, waited = own()
        running = 0
        for d in os.listdir("/proc"):
            if not d.isdigit():
                continue
            try:
                with open(f"/proc/{d}/stat") as f:
                    c = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(c[1]) == pid:
                running += int(c[11]) + int(c[12])
        t2, waited2 = own()
        if waited2 == waited:
            break
    return (t2 + waited2 + running) / HZ


def run_tool(args, stdin=subprocess.DEVNULL, env=None):
    """Run tpcc-console; return (exit code, stdout, client CPU seconds, wall)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run([BIN] + args, stdin=stdin, capture_output=True, text=True, env=env)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        sys.stderr.write(p.stdout + p.stderr)
    return p.returncode, p.stdout, cpu, wall


def results_of(stdout):
    for line in stdout.splitlines():
        if line.startswith("results: "):
            return json.load(open(line[9:].strip()))
    raise SystemExit("no results file named in the output")
