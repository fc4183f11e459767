"""Shared pieces of the bench scripts: a private MariaDB, running
tpcc-console, reading CPU from /proc.  Figures are printed as
`name: value unit` lines, one per figure."""
import json, os, resource, subprocess, sys, time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("TPCC_BIN", os.path.join(TOP, "tpcc-console"))
HZ = os.sysconf("SC_CLK_TCK")


def figure(name, value, unit=""):
    print(f"{name}: {value} {unit}".rstrip(), flush=True)


def start_mariadb(workdir, port=33091):
    env = dict(os.environ, PORT=str(port))
    out = subprocess.run([os.path.join(TOP, "tests/mariadb-server.sh"), "start", workdir],
                         env=env, check=True, capture_output=True, text=True).stdout
    vals = {}
    for line in out.splitlines():
        if line.startswith("export "):
            k, v = line[7:].split("=", 1)
            vals[k] = v
    return vals


def stop_mariadb(workdir):
    subprocess.run([os.path.join(TOP, "tests/mariadb-server.sh"), "stop", workdir],
                   capture_output=True)


def server_pid(workdir):
    with open(os.path.join(workdir, "mysqld.pid")) as f:
        return int(f.read().strip())


def proc_cpu(pid):
    """user+system CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / HZ


def run_tool(args, stdin=subprocess.DEVNULL):
    """Run tpcc-console; return (exit code, stdout, client CPU seconds, wall)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run([BIN] + args, stdin=stdin, capture_output=True, text=True)
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
