#!/bin/sh
# The unattended Monday: bakes a week for every patient of one home, then checks it, as cron
# runs it (sh, no terminal, a bare environment). One profile = one home.
#
#   monday-bake.sh PROFILE
#
# crontab (00:30 on Mondays; the lock is taken inside, so an overlapping run stops at once):
#   30 0 * * 1  MEDSCHED_BIN=/usr/local/bin/medsched /opt/medsched/monday-bake.sh ampark >>/var/log/medsched-ampark.log 2>&1
#
# Environment: MEDSCHED_BIN (default medsched; may hold several words), MEDSCHED_CONFIG_DIR
# (where the profile lives), FROM / TO (default: next-week, in the home's own zone),
# MEDSCHED_ACK (known notes, e.g. no-device:64d0…,no-device:64d0…), MEDSCHED_LOCK (the lock file).
#
# Exit codes (medsched's, plus 75):
#   0  baked and checked: nothing to do
#   3  the key was refused; 11 the key belongs to another home: fix the profile, do not retry
#   1, 7, 12  server error, no connection, rate-limited: nothing was written; run again later
#   9  stopped after writing (killed, output lost): run again (baking twice changes nothing)
#   10 a device would dispense something nobody decided: act on the findings before filling
#   13 notes only (e.g. a resident without a device): fix, or add to MEDSCHED_ACK
#   75 another run holds the lock: nothing done
set -u

profile="${1:-}"
case "$profile" in
  '' | *[!A-Za-z0-9._-]*) echo "usage: $0 PROFILE" >&2; exit 2 ;;
esac
medsched="${MEDSCHED_BIN:-medsched}"
from="${FROM:-next-week}"
lock="${MEDSCHED_LOCK:-${TMPDIR:-/tmp}/medsched-monday-$profile.lock}"

say() {
  # Each line of the log says when and for which home; a failing stderr is no reason to stop.
  echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) monday-bake $profile: $*" >&2 || true
}

# One run per home at a time: the second gets 75 at once, before anything is sent.
exec 9>>"$lock"
if ! flock -n 9; then
  say "another run holds $lock: nothing done (exit 75)"
  exit 75
fi

range="--from $from"
if [ -n "${TO:-}" ]; then range="$range --to $TO"; fi
ack=""
if [ -n "${MEDSCHED_ACK:-}" ]; then ack="--ack $MEDSCHED_ACK"; fi

# --yes: a script decides up front; --json: errors come as one JSON line too; --quiet: the log
# keeps warnings and errors. The bake's result goes to stdout (the log), as does the check's.
# shellcheck disable=SC2086 # word splitting of MEDSCHED_BIN and the range is intended
$medsched --profile "$profile" bake --all-patients $range --yes --json --quiet
code=$?
if [ "$code" -ne 0 ]; then
  say "bake exited $code: see the error above"
  exit "$code"
fi
# shellcheck disable=SC2086
$medsched --profile "$profile" bake check --all-patients $range $ack --json --quiet
code=$?
case "$code" in
  0) say "baked and checked ($from${TO:+ to $TO}): nothing to do" ;;
  10) say "check exited 10: a device would dispense something nobody decided; act before filling" ;;
  13) say "check exited 13: notes only; fix them or add them to MEDSCHED_ACK" ;;
  *) say "check exited $code: see the error above" ;;
esac
exit "$code"
