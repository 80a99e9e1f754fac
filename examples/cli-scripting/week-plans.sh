#!/usr/bin/env bash
# A pharmacist's week without knowing an id: for every patient of the credential's
# organization, bake next week and save the blister plan as a PDF in DIR.
#
#   ./week-plans.sh [DIR]        # default DIR: ./plans
#
# Credentials and server come from the medsched profile or the environment. MEDSCHED_BIN
# names the CLI (default: medsched), e.g. "node packages/cli/dist/bin.js". FROM overrides
# the week with any date medsched understands (default: next-week).
set -euo pipefail

read -r -a medsched <<<"${MEDSCHED_BIN:-medsched}"
dir="${1:-plans}"
from="${FROM:-next-week}"
mkdir -p "$dir"

# One line per patient: id, a tab, the name. No jq: node reads the JSON on stdout.
"${medsched[@]}" patients list --no-devices --json id,name | node -e '
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => { for (const p of JSON.parse(text)) console.log(`${p.id}\t${p.name}`); });
' | while IFS=$'\t' read -r id name; do
  "${medsched[@]}" bake --patient "$id" --from "$from" --json < /dev/null > /dev/null
  "${medsched[@]}" plan --patient "$id" --from "$from" --out "$dir/${name// /-}.pdf" < /dev/null
done
