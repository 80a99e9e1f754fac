/** A few ANSI styles; identity functions when colour is off. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  /** Whether these styles add colour (JSON is coloured only then). */
  colored: boolean;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

export function createStyle(color: boolean): Style {
  if (!color) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain, colored: false };
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39), colored: true };
}
