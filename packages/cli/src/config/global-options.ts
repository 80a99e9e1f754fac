/** The options every command accepts (declared once on the program). */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  apiKey?: string;
  token?: string;
  tz?: string;
  output?: string;
  json?: boolean;
  color?: boolean;
  debug?: boolean;
}
