/** The whole value, indented: what `--json` and piped output print. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** One JSON document per line: for streams (`device events --follow`) and line-based tools. */
export function formatNdjson(records: readonly unknown[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}
