import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OperationId } from '@medsched/sdk/schemas';
import { EmailRedactor } from '../../scenario/email-redactor.js';
import { ScenarioBuilder } from '../../scenario/scenario-builder.js';
import { CappedLines } from './capped-lines.js';
import { RecordingRedactor } from './recording-redactor.js';
import { defaultMaxLogBytes } from './violation-log.js';

export interface RecordingOptions {
  /** Directory for `scenario.json` and `exchanges.jsonl` (created private, mode 0700). */
  dir: string;
  /** The recorded service's origin, kept in the scenario. */
  target: string;
  redactEmails: boolean;
  /** Field and query-parameter names taken out of what is written (credentials always are). */
  redactFields: readonly string[];
  /** Cap of `exchanges.jsonl`. */
  maxFileBytes?: number | undefined;
}

/** One exchange as the proxy saw it, request headers left out. */
export interface RecordedExchange {
  operation: OperationId | undefined;
  method: string;
  pathname: string;
  search: string;
  query: Record<string, string>;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
}

/**
 * What `proxy --record` writes: each exchange as a JSON line (capped by size) and the successful
 * answers as a scenario (at most `ScenarioBuilder.maxRecords` records), both after redaction and
 * both readable by their owner only (mode 0600).
 */
export class Recording {
  readonly exchanges: CappedLines;
  readonly #options: RecordingOptions;
  readonly #redactor: RecordingRedactor;
  readonly #emails: EmailRedactor | undefined;
  readonly #builder: ScenarioBuilder;
  #writing: Promise<void> = Promise.resolve();
  #dirty = false;
  #timer: NodeJS.Timeout | undefined;

  private constructor(options: RecordingOptions) {
    this.#options = options;
    this.#redactor = new RecordingRedactor(options.redactFields);
    this.#emails = options.redactEmails ? new EmailRedactor() : undefined;
    this.#builder = new ScenarioBuilder({ redactor: this.#emails, target: options.target });
    this.exchanges = new CappedLines(join(options.dir, 'exchanges.jsonl'), options.maxFileBytes ?? defaultMaxLogBytes, (file) =>
      process.stderr.write(`proxy: ${file.path} reached its cap of ${file.maxBytes} bytes: further exchanges are counted, not written (the scenario still takes them)\n`),
    );
  }

  static async open(options: RecordingOptions): Promise<Recording> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    return new Recording(options);
  }

  /** Records one exchange: a line in `exchanges.jsonl`, and a success's records in the scenario. */
  add(exchange: RecordedExchange, now: Date): void {
    const requestBody = this.#redactor.body(exchange.requestBody);
    // A signed link is a credential for its PDF: never written.
    const responseBody = exchange.operation === 'pdf.sign' ? { signed: '<redacted: a signed link>' } : this.#redactor.body(exchange.responseBody);
    const line = {
      time: now.toISOString(),
      operation: exchange.operation ?? null,
      method: exchange.method,
      path: exchange.pathname + this.#redactor.search(exchange.search),
      status: exchange.status,
      requestBody: requestBody ?? null,
      responseBody: responseBody ?? null,
    };
    const text = JSON.stringify(line);
    this.exchanges.add(this.#emails?.text(text) ?? text);
    if (exchange.operation && exchange.status >= 200 && exchange.status < 300) {
      this.#builder.add(exchange.operation, responseBody, this.#redactor.query(exchange.query));
      this.#dirty = true;
      this.#timer ??= setTimeout(() => void this.#writeScenario(), 200);
    }
  }

  /** Written whole to a temporary file and renamed: a reader never sees half a scenario. */
  #writeScenario(): Promise<void> {
    this.#timer = undefined;
    if (!this.#dirty) return this.#writing;
    this.#dirty = false;
    const { dir } = this.#options;
    this.#writing = this.#writing.then(async () => {
      const scenario = await this.#builder.build();
      await writeFile(join(dir, 'scenario.json.tmp'), `${JSON.stringify(scenario, null, 2)}\n`, { mode: 0o600 });
      await chmod(join(dir, 'scenario.json.tmp'), 0o600); // a temporary file left by a crash kept its own mode
      await rename(join(dir, 'scenario.json.tmp'), join(dir, 'scenario.json'));
    });
    return this.#writing;
  }

  /** Writes what is pending; the lines left out, if any, as a sentence for stderr. */
  async close(): Promise<string[]> {
    if (this.#timer) clearTimeout(this.#timer);
    await this.exchanges.flushed();
    await this.#writeScenario();
    const notes: string[] = [];
    if (this.#builder.dropped > 0) notes.push(`proxy: ${this.#builder.dropped} records beyond ${this.#builder.maxRecords} were not put in the scenario`);
    if (this.exchanges.dropped > 0) notes.push(`proxy: ${this.exchanges.dropped} exchanges not written to ${this.exchanges.path} (its cap of ${this.exchanges.maxBytes} bytes)`);
    return notes;
  }
}
