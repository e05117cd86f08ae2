#!/bin/sh
# The Debian packages some tests need, installed with apt-get (root on Debian/Ubuntu) when missing:
#   chromium        the browser tests (Playwright drives Debian's /usr/bin/chromium; nothing is downloaded)
#   fonts-noto-cjk  Japanese glyphs in the browser tests' pages and screenshots
#   postgresql      the PostgreSQL store test (it starts its own throwaway server)
#   tmux            the hot-seat test that reads what a real terminal keeps in its scrollback
# Without apt-get (not root, not Debian/Ubuntu) nothing is installed: one line says so, and pytest
# skips the tests that need a missing package, naming them and why in its summary.
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
[ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto/*CJK* >/dev/null 2>&1 || missing="$missing fonts-noto-cjk"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
for p in $(echo "${SOAN_TEST_WITHOUT:-}" | tr , ' '); do missing="$missing $p"; done  # its test pretends
[ -z "$missing" ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	echo "make test: installing Debian packages for the browser, PostgreSQL and terminal tests:$missing"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null && exit 0
	echo "make test: apt-get could not install$missing; the tests that need them are skipped (see pytest's summary)"
else
	echo "make test: not installing$missing (apt-get needs root on Debian/Ubuntu); the tests that need them are skipped (see pytest's summary)"
fi
exit 0
