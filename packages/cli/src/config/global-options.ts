/** The options every command accepts (declared once on the program). */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  apiKey?: string;
  token?: string;
  tz?: string;
  output?: string;
  /** `--json` alone, or `--json id,date` with the fields to keep. */
  json?: boolean | string;
  /** `--fields id,date`: the fields to keep in JSON, CSV and tables. */
  fields?: string;
  color?: boolean;
  debug?: boolean;
  /** `--quiet`: no notes or success lines on stderr; warnings and errors stay. */
  quiet?: boolean;
  /** `--timeout 30`: seconds the whole command may wait for the server. */
  timeout?: string;
  /** `--bom` / `--no-bom`: a UTF-8 byte order mark before CSV (default: only when stdout is a .csv file). */
  bom?: boolean;
  /** `--csv-dialect comma|semicolon`: CSV separator and decimal mark (default: profile, then locale). */
  csvDialect?: string;
  /** `--no-pager`: never page long output on a terminal. */
  pager?: boolean;
  /** `--jq FILTER`: JSON output through jq. */
  jq?: string;
}
