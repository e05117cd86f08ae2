#!/bin/sh
# The Debian packages some tests need, installed with apt-get (root on Debian/Ubuntu) when missing:
#   chromium        the browser tests (Playwright drives Debian's /usr/bin/chromium; nothing is downloaded)
#   fonts-noto-cjk  Japanese glyphs in the browser tests' pages and screenshots
#   postgresql      the PostgreSQL store test (it starts its own throwaway server)
#   tmux            the hot-seat test that reads what a real terminal keeps in its scrollback
#   libpango-1.0-0  soan print's PDF (WeasyPrint lays text out with Pango; with libpangoft2 and
#                   libharfbuzz-subset for the fonts it embeds)
# Without apt-get (not root, not Debian/Ubuntu) nothing is installed: one line says so, and pytest
# skips the tests that need a missing package, naming them and why in its summary.
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
[ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto/*CJK* >/dev/null 2>&1 || missing="$missing fonts-noto-cjk"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
ls /usr/lib/*/libpango-1.0.so.0 >/dev/null 2>&1 || missing="$missing libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0"
for p in $(echo "${SOAN_TEST_WITHOUT:-}" | tr , ' '); do missing="$missing $p"; done  # its test pretends
[ -z "$missing" ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	echo "make test: installing Debian packages for the browser, PostgreSQL, terminal and print tests:$missing"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null && exit 0
	echo "make test: apt-get could not install$missing; the tests that need them are skipped (see pytest's summary)"
else
	echo "make test: not installing$missing (apt-get needs root on Debian/Ubuntu); the tests that need them are skipped (see pytest's summary)"
fi
exit 0
