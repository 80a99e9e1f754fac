/** One named set of settings kept in the config file. Secrets live here only, mode 0600. */
export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  token?: string;
  /** Default organization for `--all-patients`, `user list`, `org get`; `login` stores the credential's own. */
  organization?: string;
  /** The organization's name as `login` read it: only shown (`profiles list`), the id is what is used. */
  organizationName?: string;
  /** The credential's role as `login` found it (`admin`, `user`, `staff`, `patient`, …): only shown, never trusted for access. */
  role?: string;
  /** IANA zone for human dates; the system zone when unset. */
  timezone?: string;
  /** Default output format on a terminal. */
  output?: string;
  /** The web application's address, whose pages `medsched plan` turns into PDFs. */
  appUrl?: string;
  /** Seconds a command may wait for the server in total (`--timeout`, MEDSCHED_TIMEOUT). */
  timeout?: string;
  /** CSV for the reader's spreadsheet: `comma` (RFC 4180, decimal point) or `semicolon` (decimal comma); the locale's when unset. */
  csvDialect?: string;
  /** The language of printed plans (`de` or `en`); the locale's, else the account's, when unset. */
  planLanguage?: string;
  /** Default fields of a command's table on a terminal, by command (`calendar list` → `id,medication,rrule`); `config set fields.calendar.list …`. */
  fields?: Record<string, string>;
}

/** The whole config file. */
export interface StoredConfig {
  currentProfile: string;
  profiles: Record<string, Profile>;
}

export const defaultProfileName = 'default';
export const defaultBaseUrl = 'http://127.0.0.1:4010/v1';
/** The app address of the reference server's defaults (`--app-url` there). */
export const defaultAppUrl = 'https://app.medsched.test';

/** Settings a user may change with `medsched config set`; credentials go through `login`. */
export const settableKeys = {
  'base-url': 'baseUrl',
  organization: 'organization',
  timezone: 'timezone',
  output: 'output',
  'app-url': 'appUrl',
  timeout: 'timeout',
  'csv-dialect': 'csvDialect',
  'plan-language': 'planLanguage',
} as const satisfies Record<string, keyof Profile>;
export type SettableKey = keyof typeof settableKeys;
