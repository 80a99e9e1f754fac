import type { CompactBody } from './compact-body.js';

/**
 * A kept Idempotency-Key answer as the persistence layer writes it (node/persistence), so that a
 * replay after a restart with `--data` answers the first answer again. Only text bodies (plain or
 * packed, which is what the node:http server keeps) are written; the store keeps the others in
 * memory only.
 */
export interface DurableAnswer {
  /** Whose keys these are: one user (an API key and a bearer token of the same user share it). */
  scope: string;
  key: string;
  /** The request's fingerprint: method, path, query and the body's canonical JSON hash. */
  fingerprint: string;
  /** When the answer is forgotten, in ms since the epoch (the server's clock). */
  expiresAt: number;
  status: number;
  headers: Record<string, string>;
  body: Extract<CompactBody, { kind: 'none' | 'text' | 'packed' }>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringRecord = (value: unknown): value is Record<string, string> => isObject(value) && Object.values(value).every((item) => typeof item === 'string');

/** The reason a decoded value is not a {@link DurableAnswer}, or undefined. */
export function durableAnswerProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not an answer object';
  if (typeof value.scope !== 'string' || typeof value.key !== 'string' || typeof value.fingerprint !== 'string') return 'an answer without scope, key or fingerprint';
  if (!Number.isFinite(value.expiresAt) || !Number.isInteger(value.status)) return 'an answer without expiry or status';
  if (!isStringRecord(value.headers)) return 'an answer with headers that are not strings';
  const body = value.body;
  if (!isObject(body)) return 'an answer without a body';
  if (body.kind === 'none') return undefined;
  if (body.kind === 'text' && typeof body.text === 'string') return undefined;
  if (body.kind === 'packed' && Array.isArray(body.pieces) && body.pieces.every((piece) => typeof piece === 'string') && Number.isInteger(body.bytes)) return undefined;
  return 'an answer body of an unknown kind';
}

/** The answer's body when it can be written (text), else undefined. */
export function durableBody(body: CompactBody): DurableAnswer['body'] | undefined {
  return body.kind === 'none' || body.kind === 'text' || body.kind === 'packed' ? body : undefined;
}
