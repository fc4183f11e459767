#!/usr/bin/env bash
# debian-package.sh: the .deb that scripts/package.sh built (TPCC_DEB; the
# suite sets it, skipped without) installs with dpkg -i, gives a working
# binary, a man page man finds, the bash completion (which completes) and
# the example configuration, and purges leaving none of its files.  Not
# root, or the package already installed: unpacked with dpkg -x instead,
# which checks the same files without touching the system.
. "$(dirname "$0")/lib.sh"
[ -n "${TPCC_DEB:-}" ] || skip_all "no package to install (scripts/package.sh DIR, then TPCC_DEB=DIR/tpcc-console_*.deb)"
[ -f "$TPCC_DEB" ] || { not_ok "TPCC_DEB=$TPCC_DEB exists"; finish; exit; }
cd "$T"
dpkg-deb -c "$TPCC_DEB" | awk '{print $6}' | sed 's|^\./|/|' >contents.txt
for f in /usr/bin/tpcc-console /usr/share/man/man1/tpcc-console.1.gz \
	/usr/share/bash-completion/completions/tpcc-console \
	/usr/share/doc/tpcc-console/examples/tpcc-console.conf /usr/share/doc/tpcc-console/copyright; do
	assert "the package holds $f" grep -qxF "$f" contents.txt
done

if [ "$(id -u)" = 0 ] && ! dpkg-query -W tpcc-console >/dev/null 2>&1; then
	on_exit "dpkg --purge tpcc-console >/dev/null 2>&1"
	dpkg -i "$TPCC_DEB" >install.txt 2>&1
	assert "dpkg -i installs it" [ $? -eq 0 ]
	root=
	assert "man -w finds the page" bash -c "man -w tpcc-console | grep -q /usr/share/man/man1/tpcc-console.1"
else
	dpkg -x "$TPCC_DEB" root
	root=$T/root
	ok "unpacked with dpkg -x (not root, or installed already)"
	assert "man -w finds the page" bash -c "MANPATH=$root/usr/share/man man -w tpcc-console | grep -q $root"
fi
"$root/usr/bin/tpcc-console" --version >version.txt 2>&1
assert "the installed binary runs (--version)" grep -q "^tpcc-console " version.txt
assert "its version is the package's" grep -qF "$(dpkg-deb -f "$TPCC_DEB" Version)" version.txt
comp=$root/usr/share/bash-completion/completions/tpcc-console
offered=$(bash -c ". '$comp'; COMP_WORDS=(tpcc-console run --driver ''); COMP_CWORD=3; _tpcc_console; echo \${COMPREPLY[*]}")
# The drivers the installed binary itself says it takes.
drivers=$("$root/usr/bin/tpcc-console" run --driver nope 2>&1 | sed -n "s/.*expected one of \([a-z|]*\),.*/\1/p" | tr '|' ' ')
assert "the installed completion completes drivers ($offered)" [ "$offered" = "${drivers:-(none found)}" ]

if [ -z "$root" ]; then
	dpkg --purge tpcc-console >purge.txt 2>&1
	assert "dpkg --purge removes it" [ $? -eq 0 ]
	left=$(while read -r f; do [ -f "$f" ] && echo "$f"; done <contents.txt)
	assert "no file of the package is left (${left:-none})" [ -z "$left" ]
	assert "dpkg no longer knows it" bash -c "! dpkg-query -W -f='\${Status}' tpcc-console 2>/dev/null | grep -q installed"
fi
finish
