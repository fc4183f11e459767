#!/usr/bin/env bash
# layering.sh: the rules of the architecture, checked on the source tree.
#  1. No vendor error number outside drivers and dialects: the engine and
#     the front end read db_error.kind, never a server's or a library's
#     numbers or SQLSTATEs (src/ but src/dialect/, and ui/).
#  2. No SQL text outside the dialects (src/ but src/dialect/, ui/, and
#     drivers/ but what a
#     driver must say to implement its vtable, each listed below with why).
#  3. No include circle: a module (a .c with its .h; X_int.h, a private
#     header, is part of X) never reaches itself through its includes, so
#     every layer can be read, and built on, from the bottom up.
#  4. Folders depend one way: each folder includes only the folders the
#     table in folders.py below allows it (src/core, the shared
#     vocabulary, none at all), so no two folders form a circle.
#  5. Curses (<curses.h>, <ncurses.h>, <ncursesw/...>) only in ui/: the
#     engine and the subcommands run without a terminal.
#  6. No branch on a driver's name ("mysql", "pg", "sqlite", "odbc",
#     "null" compared with strcmp and its kin, or found with driver_find)
#     outside drivers/ and src/config/: the layers above read the driver's
#     capabilities (drivers/driver.h) instead.
# Comments are not code: they may name a number or a statement to explain.
# The checker then runs on a copy of the tree with a number and a
# statement planted, and must fail there: a rule that cannot fail is none.
. "$(dirname "$0")/lib.sh"
cd "$T"

# C text with its comments blanked, shared by the checkers below.
cat >ctext.py <<'EOF'
def split(text):
    """The text with comments blanked, and its string literals with their lines."""
    code, lits, i, n, line = [], [], 0, len(text), 1
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            code.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            if c == '"':
                lits.append((line, text[i + 1:j]))
            code.append(text[i:j + 1])
            i = j + 1
        else:
            if c == "\n":
                line += 1
            code.append(c)
            i += 1
    return "".join(code), lits


def resolve(root, frm, name):
    """The file an #include "name" in frm reaches, as the build's -I finds it."""
    import os
    for base in (os.path.dirname(frm), os.path.join(root, "src"), root):
        p = os.path.normpath(os.path.join(base, name))
        if os.path.exists(p):
            return p
    return None
EOF

cat >layering.py <<'EOF'
import os, re, sys
from ctext import split

root = sys.argv[1]

# Statements a driver says itself, because its vtable slot is that
# statement: (file, literal, why).
SQL_EXCEPTIONS = [
    ("drivers/sqlite.c", "PRAGMA journal_mode=WAL",
     "connect: begin(write)'s lock and readers that never wait rest on WAL"),
    ("drivers/sqlite.c", "PRAGMA synchronous=NORMAL", "connect: WAL's usual durability"),
    ("drivers/sqlite.c", "PRAGMA foreign_keys=OFF", "connect: as the other drivers' servers"),
    ("drivers/sqlite.c", "BEGIN IMMEDIATE", "begin(write): the write lock up front"),
    ("drivers/sqlite.c", "BEGIN", "begin()"),
    ("drivers/sqlite.c", "COMMIT", "commit()"),
    ("drivers/sqlite.c", "ROLLBACK", "rollback()"),
    ("drivers/mysql.c", "CALL %s(", "call_proc(): a procedure call is the slot"),
    ("drivers/mysql.c", "CALL ",
     "prepare(): on a fiber's connection a procedure call goes as text, known by its verb"),
    ("drivers/pg.c", "BEGIN", "autocommit off: libpq has no such mode, the driver opens each transaction"),
    ("drivers/pg.c", "COMMIT", "commit()"),
    ("drivers/pg.c", "ROLLBACK", "rollback()"),
    ("drivers/null.c", "SELECT",
     "prepare(): the null driver must tell statements that return rows from the rest"),
    ("drivers/null.c", "SET GLOBAL ",
     "exec(): the null server's model variables are set as its dialect (mysql) sets a server's"),
    ("drivers/null.c", "SELECT @@GLOBAL.",
     "prepare(): ... and read as its dialect reads a server's"),
]

SQL_START = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|SET|SHOW|PRAGMA|"
                       r"CALL|BEGIN|COMMIT|ROLLBACK|ANALYZE|TRUNCATE|EXEC|GRANT|REPLACE|WITH)\b")
SQL_INSIDE = re.compile(r"\b(FROM|WHERE|VALUES|INSERT INTO|GROUP BY|ORDER BY)\s")
# Reading what a vendor's code means: comparing the native number or the
# SQLSTATE, a library's constants, the numbers of the usual suspects.
ERR_CODE = [
    re.compile(r"\bnative\s*(==|!=|<=|>=|<|>|&|%)"),
    re.compile(r"(==|!=)\s*[\w.>-]*\bnative\b"),
    re.compile(r"\bswitch\s*\([^)]*\bnative\b"),
    re.compile(r"\bstr\w*cmp\s*\([^;]*\bsqlstate\b"),
    re.compile(r"\bsqlstate\s*\["),
    re.compile(r"\bSQLITE_[A-Z_]+\b"),
    re.compile(r"\bER_[A-Z_]+\b|\bCR_[A-Z_]+\b"),
    re.compile(r"\b(1205|1213|1053|1927|2002|2003|2006|2013|2026|2055|4031|1222|1062|1146)\b"),
    re.compile(r'"(40001|40P01|HYT00|HYT01|55P03|57P0[123]|08S01|08001|08003|23000|23505)"'),
]


def files(top):
    for d, _, names in os.walk(os.path.join(root, top)):
        for f in sorted(names):
            if f.endswith((".c", ".h")):
                p = os.path.join(d, f)
                yield os.path.relpath(p, root), p


bad = []
for top in ("src", "ui", "drivers"):
    for rel, path in files(top):
        code, lits = split(open(path, encoding="utf-8", errors="replace").read())
        in_dialect = rel.startswith("src/dialect/")
        if top != "drivers" and not in_dialect:
            for no, ln in enumerate(code.split("\n"), 1):
                for rx in ERR_CODE:
                    m = rx.search(ln)
                    if m:
                        bad.append("%s:%d: vendor error code outside drivers and dialects: %s"
                                   % (rel, no, m.group(0)))
        if in_dialect:
            continue
        for no, s in lits:
            if not (SQL_START.search(s) or SQL_INSIDE.search(s)):
                continue
            if any(rel == f and s == lit for f, lit, _ in SQL_EXCEPTIONS):
                continue
            bad.append("%s:%d: SQL text outside the dialects: \"%s\"" % (rel, no, s[:60]))

for b in bad:
    print(b)
sys.exit(1 if bad else 0)
EOF

python3 layering.py "$TPCC_SRCDIR" >tree.txt 2>&1
assert "no vendor error number outside drivers and dialects, no SQL outside the dialects" \
	[ $? -eq 0 ]
[ -s tree.txt ] && cat tree.txt

cat >includes.py <<'EOF'
import os, re, sys
from ctext import resolve
root = sys.argv[1]
inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
files = []
for top in ("src", "ui", "drivers"):
    for d, _, fs in os.walk(os.path.join(root, top)):
        files += [os.path.join(d, f) for f in fs if f.endswith((".c", ".h"))]
def module(path):
    rel = os.path.relpath(path, root)[:-2]
    # A module's private header (engine_int.h) is part of it.
    return rel[:-4] if rel.endswith("_int") else rel
edges = {}
for f in files:
    m = module(f)
    edges.setdefault(m, set())
    for name in inc.findall(open(f, errors="replace").read()):
        p = resolve(root, f, name)
        if p and os.path.relpath(p, root).split(os.sep)[0] in ("src", "ui", "drivers"):
            n = module(p)
            if n != m:
                edges[m].add(n)
# Every cycle's members, by strongly connected components (Tarjan).
index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)
def visit(v):
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1:
            out.append(sorted(comp))
for v in sorted(edges):
    if v not in index:
        visit(v)
for c in out:
    print("include circle: " + " <-> ".join(c))
sys.exit(1 if out else 0)
EOF
python3 includes.py "$TPCC_SRCDIR" >circles.txt 2>&1
assert "no include circle in src/, ui/ or drivers/" [ $? -eq 0 ]
[ -s circles.txt ] && cat circles.txt

cat >folders.py <<'EOF'
import os, re, sys
from ctext import resolve, split
root = sys.argv[1]

# Which folders each folder may include besides itself: a layer sees only
# those below it.  core holds the vocabulary every layer shares (transaction
# types, audit ids, stats and histograms, the monitor's and the system's
# records) and includes nothing.  "main" is src/main.c.
BELOW_RUN = {"core", "util", "drivers", "config", "dialect", "tpcc", "results"}
MAY_INCLUDE = {
    "core": set(),
    "util": {"core"},
    "drivers": {"core", "util"},
    "config": {"core", "util"},
    "dialect": {"core", "util", "drivers"},
    "tpcc": {"core", "util", "drivers", "config", "dialect"},
    "results": {"core", "util", "config"},
    "run": BELOW_RUN,
    "metrics": BELOW_RUN | {"run"},
    "report": {"core", "util", "config", "results"},
    "ui": BELOW_RUN | {"run", "report"},
    "subcommands": BELOW_RUN | {"run", "report", "metrics", "ui"},
    "main": BELOW_RUN | {"run", "report", "metrics", "ui", "subcommands"},
}
DRIVER_NAME = re.compile(r'\b(str(n)?(case)?cmp\s*\([^;]*|driver_find\s*\(\s*)"(mysql|pg|sqlite|odbc|null)"')
CURSES = re.compile(r'^\s*#\s*include\s*<(n?curses(w/[^>]*)?\.h|ncursesw/[^>]*)>', re.M)
INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder(rel):
    parts = rel.split(os.sep)
    if parts[0] == "src":
        return parts[1] if len(parts) > 2 else "main"
    return parts[0]


bad = []
for top in ("src", "ui", "drivers"):
    for d, _, fs in os.walk(os.path.join(root, top)):
        for f in sorted(fs):
            if not f.endswith((".c", ".h")):
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, root)
            me = folder(rel)
            code = split(open(path, encoding="utf-8", errors="replace").read())[0]
            if me not in MAY_INCLUDE:
                bad.append("%s: folder %s is not in the table of who may include whom" % (rel, me))
                continue
            for m in INC.finditer(code):
                p = resolve(root, path, m.group(1))
                if not p:
                    continue
                to = os.path.relpath(p, root)
                if to.split(os.sep)[0] not in ("src", "ui", "drivers"):
                    continue
                them = folder(to)
                if them != me and them not in MAY_INCLUDE[me]:
                    line = code.count("\n", 0, m.start()) + 1
                    bad.append("%s:%d: %s may not include %s (%s)" % (rel, line, me, them, m.group(1)))
            if me != "ui":
                for m in CURSES.finditer(code):
                    line = code.count("\n", 0, m.start()) + 1
                    bad.append("%s:%d: curses outside ui/: %s" % (rel, line, m.group(0).strip()))
            if me not in ("drivers", "config"):
                for no, ln in enumerate(code.split("\n"), 1):
                    m = DRIVER_NAME.search(ln)
                    if m:
                        bad.append("%s:%d: a driver's name outside drivers/ and src/config/: %s"
                                   % (rel, no, m.group(0)))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
EOF
python3 folders.py "$TPCC_SRCDIR" >folders.txt 2>&1
assert "folders include only the folders below them; curses only in ui/; driver names only in drivers/ and src/config/" \
	[ $? -eq 0 ]
[ -s folders.txt ] && cat folders.txt

# The same checkers on a copy with one planted offence of each kind.
mkdir -p copy
cp -r "$TPCC_SRCDIR/src" "$TPCC_SRCDIR/ui" "$TPCC_SRCDIR/drivers" copy/
cat >copy/src/run/planted.c <<'EOF'
static int planted(const db_error *e) { return e->native == 1205; }
static const char planted_sql[] = "SELECT COUNT(*) FROM stock";
EOF
python3 layering.py copy >planted.txt 2>&1
assert "a planted check of a native number fails the rule" \
	grep -q 'planted.c:1: vendor error code.*native ==' planted.txt
assert "planted SQL text fails the rule" grep -q 'planted.c:2: SQL text' planted.txt
# ... and comments saying the same pass.
printf '/* e->native == 1205 and "SELECT COUNT(*) FROM stock" */\n' >copy/src/run/planted.c
assert "comments may name numbers and statements" python3 layering.py copy
# Two modules that include each other's headers.
printf '#include "run/planted_b.h"\n' >copy/src/tpcc/planted_a.h
printf '#include "tpcc/planted_a.h"\n' >copy/src/run/planted_b.c
: >copy/src/run/planted_b.h
python3 includes.py copy >planted-circle.txt 2>&1
assert "a planted include circle fails the rule" \
	grep -q 'include circle: src/run/planted_b <-> src/tpcc/planted_a' planted-circle.txt
rm copy/src/tpcc/planted_a.h copy/src/run/planted_b.c copy/src/run/planted_b.h copy/src/run/planted.c
# A lower folder reaching up, curses in the engine, a branch on a driver's
# name in a pane, and a folder nobody placed.
printf '#include "run/engine.h"\n' >copy/src/tpcc/planted_up.c
printf '#include <ncursesw/curses.h>\n' >copy/src/run/planted_curses.c
printf 'static int f(const char *d) { return !strcmp(d, "pg"); }\n' >copy/ui/planted_name.c
printf 'static int g(void) { return driver_find("sqlite") != 0; }\n' >copy/src/run/planted_find.c
mkdir copy/src/planted && : >copy/src/planted/x.c
python3 folders.py copy >planted-folders.txt 2>&1
assert "a planted include of a higher folder fails the rule" \
	grep -q 'src/tpcc/planted_up.c:1: tpcc may not include run' planted-folders.txt
assert "planted curses outside ui/ fails the rule" \
	grep -q 'src/run/planted_curses.c:1: curses outside ui/' planted-folders.txt
assert "a planted strcmp on a driver's name fails the rule" \
	grep -q "ui/planted_name.c:1: a driver's name" planted-folders.txt
assert "a planted driver_find of a name fails the rule" \
	grep -q "src/run/planted_find.c:1: a driver's name" planted-folders.txt
assert "a folder missing from the table fails the rule" \
	grep -q 'src/planted/x.c: folder planted is not in the table' planted-folders.txt
# ... and comments saying the same pass.
rm -r copy/src/planted
printf '/* #include "run/engine.h" */\n' >copy/src/tpcc/planted_up.c
printf '/* #include <ncursesw/curses.h> */\n' >copy/src/run/planted_curses.c
printf '/* strcmp(d, "pg") */\n' >copy/ui/planted_name.c
printf '// driver_find("sqlite")\n' >copy/src/run/planted_find.c
assert "comments may name headers and drivers" python3 folders.py copy
finish
