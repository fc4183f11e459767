#!/usr/bin/env bash
# gen-man.sh [BINARY]: write the man page's generated sections (SUBCOMMANDS,
# OPTIONS, COMMANDS, the console's keys) from the tables, in place, between
# their marker comments in doc/tpcc-console.1:
#     .\" BEGIN GENERATED options ...
#     .\" END GENERATED options
# so the page stays a committed, readable file.  BINARY (default
# ./tpcc-console, built) prints each section with --dump-reference=SECTION.
# tests/reference.sh fails when the committed page differs from this.
# It writes the bash completion script, contrib/bash-completion/tpcc-console,
# from the same tables (--dump-reference=completion) the same way.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/tpcc-console}
page=$top/doc/tpcc-console.1
tmp=$(mktemp "$page.XXXXXX")
trap 'rm -f "$tmp" "$tmp".*' EXIT
cp "$page" "$tmp"
for section in subcommands options commands keys; do
	"$bin" --dump-reference="$section" >"$tmp.$section"
	grep -q "^\.\\\\\" BEGIN GENERATED $section\\b" "$tmp" ||
		{ echo "gen-man.sh: no BEGIN GENERATED $section marker in $page" >&2; exit 1; }
	grep -q "^\.\\\\\" END GENERATED $section\$" "$tmp" ||
		{ echo "gen-man.sh: no END GENERATED $section marker in $page" >&2; exit 1; }
	awk -v s="$section" -v gen="$tmp.$section" '
		$0 ~ "^\\.\\\\\" BEGIN GENERATED " s "([: ]|$)" { print; while ((getline l < gen) > 0) print l; skip = 1; next }
		$0 ~ "^\\.\\\\\" END GENERATED " s "$" { skip = 0 }
		!skip { print }' "$tmp" >"$tmp.new"
	mv "$tmp.new" "$tmp"
done
comp=$top/contrib/bash-completion/tpcc-console
"$bin" --dump-reference=completion >"$tmp.completion"
if cmp -s "$tmp.completion" "$comp"; then
	echo "gen-man.sh: $comp is up to date"
else
	cat "$tmp.completion" >"$comp"
	echo "gen-man.sh: rewrote $comp"
fi
if cmp -s "$tmp" "$page"; then
	echo "gen-man.sh: $page is up to date"
else
	cat "$tmp" >"$page"
	echo "gen-man.sh: rewrote the generated sections of $page"
fi
