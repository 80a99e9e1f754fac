#!/usr/bin/env bash
# Bakes next week (Monday to Sunday) for every patient of an organization and reports
# the alarms the dispensers will ring, one line per device and time.
#
#   ./bake-next-week.sh [ORGANIZATION_ID]
#
# Without an organization, medsched bakes the credential's own (it finds it from the API).
# Credentials and server come from the medsched profile or the environment
# (MEDSCHED_API_KEY, MEDSCHED_BASE_URL). MEDSCHED_BIN names the CLI (default: medsched);
# it may hold several words, e.g. "node packages/cli/dist/bin.js".
# FROM and TO override the range with any date medsched understands (default: next-week).
# Exit codes are medsched's: 2 bad input, 3 auth, 4 permission, 7 network, …
set -euo pipefail

organization="${1:-${MEDSCHED_ORGANIZATION:-}}"
if [[ -n "$organization" && ! "$organization" =~ ^[0-9a-f]{24}$ ]]; then
  echo "usage: $0 [ORGANIZATION_ID]   (24 hex characters; default: the credential's organization)" >&2
  exit 2
fi
target=(--all-patients)
if [[ -n "$organization" ]]; then target+=(--organization "$organization"); fi

read -r -a medsched <<<"${MEDSCHED_BIN:-medsched}"
from="${FROM:-next-week}"
range=(--from "$from")
if [[ -n "${TO:-}" ]]; then range+=(--to "$TO"); fi

# A script decides up front: --yes, so that run from a terminal it does not stop at the question.
# stdout of medsched is the bake result as JSON; its progress and date echo go to stderr.
result="$("${medsched[@]}" bake "${target[@]}" "${range[@]}" --yes --json)"

# No jq needed: node reads the JSON. Alarms sorted by date, time, device.
printf '%s' "$result" | node -e '
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const result = JSON.parse(text);
  const alarms = [...result.alarms].sort((a, b) => `${a.date} ${a.time} ${a.deviceId}`.localeCompare(`${b.date} ${b.time} ${b.deviceId}`));
  const patients = new Set(result.data.map((entry) => entry.userId));
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  console.log(`Baked ${count(result.data.length, "entry", "entries")} for ${count(patients.size, "patient", "patients")}; ${count(alarms.length, "alarm", "alarms")} on ${count(result.iotDevices.length, "device", "devices")}.`);
  for (const alarm of alarms) {
    console.log(`${alarm.date} ${alarm.time}  device ${alarm.deviceId}  patient ${alarm.patient}  ${count(alarm.entryIds.length, "entry", "entries")}`);
  }
});
'
