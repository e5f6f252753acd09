#!/usr/bin/env bash
# What the test suite needs beyond Python packages: PostgreSQL server binaries (the store tests start
# a throw-away server), tmux (the end-to-end test), libfaketime (a terminal whose clock is wrong: the
# clock-skew tests and `make torture`), the OS's Chromium with its driver (the web pages' browser
# tests drive /usr/bin/chromium; no browser is ever downloaded by Playwright), espeak-ng (the
# announcements' offline voice: a test renders one to a WAV file) and zbar-tools (a phone's eye:
# the TV's QR code is read back from its screenshot), Pango (WeasyPrint lays out the papers printed
# as PDF with it; Debian's Chromium pulls it in, a server without a browser may lack it) and
# poppler-utils (pdftotext: the tests read the PDFs' text back).
# Installs them with apt when they are missing.
set -euo pipefail

need=()
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v pg_config >/dev/null 2>&1; then
  need+=(postgresql)
fi
command -v tmux >/dev/null 2>&1 || need+=(tmux)
command -v faketime >/dev/null 2>&1 || need+=(faketime)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
# ldconfig lives in /sbin, which a user's PATH may not hold.
libs=$(ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null || true)
grep -q 'libpango-1\.0\.so\.0' <<<"$libs" || need+=(libpango-1.0-0)
grep -q 'libpangoft2-1\.0\.so\.0' <<<"$libs" || need+=(libpangoft2-1.0-0)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ ${#need[@]} -eq 0 ] && exit 0

echo "installing test dependencies: ${need[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "please install ${need[*]} (no apt-get here)" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
