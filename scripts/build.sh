#!/usr/bin/env bash
# build.sh [CONFIGURE-ARGS]: configure (once) and build in the source tree.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt configure ]; then
	autoreconf -fi >/dev/null
fi
if [ ! -f Makefile ] || [ configure -nt Makefile ] || [ $# -gt 0 ]; then
	./configure -q --enable-werror "$@"
fi
make -s -j"$(nproc)"
