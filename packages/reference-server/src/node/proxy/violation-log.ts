import { CappedLines } from './capped-lines.js';
import type { Violation } from './contract-check.js';

/** Violations kept in memory (the first ones); past them only counted. */
export const maxKeptViolations = 1_000;
/** Default cap of each file the proxy writes (violations, exchanges): 64 MiB. */
export const defaultMaxLogBytes = 64 * 1024 * 1024;

export interface ViolationLogOptions {
  /** File to append each violation to, as a JSON line (capped at `maxFileBytes`). */
  file?: string | undefined;
  maxFileBytes?: number | undefined;
  /** Violations kept in memory and told; default {@link maxKeptViolations}. */
  maxKept?: number | undefined;
  /** Told each violation while fewer than `maxKeptViolations` were seen (the bin prints them), then once that it stops. */
  onViolation?: ((violation: Violation) => void) | undefined;
  onQuiet?: ((seen: number) => void) | undefined;
  /** The clock for each line's `time`. */
  now?: () => Date;
}

/**
 * Every violation the proxy found, bounded: a count of all, the first {@link maxKeptViolations}
 * in memory and told, and the file capped by size with the number of lines it could not take.
 * A flood of one broken answer (15,000 requests in the audit) no longer grows the process or
 * the file without end: the first reports say what broke, the count says how often.
 */
export class ViolationLog {
  /** Violations seen, all of them. */
  count = 0;
  /** The first violations (at most `maxKept`). */
  readonly kept: Violation[] = [];
  readonly maxKept: number;
  readonly file: CappedLines | undefined;
  readonly #options: ViolationLogOptions;

  constructor(options: ViolationLogOptions = {}) {
    this.#options = options;
    this.maxKept = options.maxKept ?? maxKeptViolations;
    this.file = options.file
      ? new CappedLines(options.file, options.maxFileBytes ?? defaultMaxLogBytes, (file) =>
          process.stderr.write(`proxy: ${file.path} reached its cap of ${file.maxBytes} bytes: further violations are counted, not written\n`),
        )
      : undefined;
  }

  add(violation: Violation): void {
    this.count++;
    if (this.kept.length < this.maxKept) {
      this.kept.push(violation);
      this.#options.onViolation?.(violation);
      if (this.kept.length === this.maxKept) this.#options.onQuiet?.(this.count);
    }
    this.file?.add(JSON.stringify({ time: (this.#options.now?.() ?? new Date()).toISOString(), ...violation }));
  }

  /** What was seen and what was left out, for the proxy's last words. */
  summary(): string | undefined {
    const parts: string[] = [];
    if (this.count > this.kept.length) parts.push(`${this.count} violations seen, the first ${this.kept.length} reported`);
    if (this.file && this.file.dropped > 0) parts.push(`${this.file.dropped} not written to ${this.file.path} (its cap of ${this.file.maxBytes} bytes)`);
    return parts.length > 0 ? `proxy: ${parts.join('; ')}` : undefined;
  }
}
