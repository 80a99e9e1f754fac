/**
 * Errors about an answer the SDK will not use: a redirect it does not follow, a body over the
 * size limit, a body that is not JSON. None of them is a connection error and none is retried:
 * another attempt gets the same answer. Their messages hold only inert text (inert-text.ts); the
 * server's raw text stays in a field.
 */
import { MedschedError } from './errors.js';
import { inertExcerpt } from './inert-text.js';

/** Where an answer came from: the request the SDK sent. */
export interface AnswerOrigin {
  /** The HTTP status of the answer (0 for a browser's opaque redirect). */
  status: number;
  method: string;
  /** Path of the request under the base URL, with secret query values redacted. */
  path: string;
  /** The request id the server answered with, or the one the SDK sent. */
  requestId: string | undefined;
}

/**
 * The server answered with a redirect (301, 302, 303, 307, 308). The SDK follows none, as
 * stripe-node: a redirect to another host, port or scheme would carry the API key or token there
 * (Node's fetch keeps `x-api-key` across origins), and the medsched API never redirects. Not
 * retried. If the new address is right, give it as `baseUrl`.
 */
export class RedirectError extends MedschedError {
  override name = 'RedirectError';

  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  /**
   * The `Location` the server answered with, raw (server text: print `message` instead);
   * undefined when the runtime hides it (a browser's opaque redirect) or the server gave none.
   */
  readonly location: string | undefined;

  constructor(origin: AnswerOrigin, location: string | undefined) {
    const where = location === undefined ? 'an address the runtime does not show' : inertExcerpt(location, 300);
    super(
      `the server answered ${origin.status} redirecting ${origin.method} ${origin.path} to ${where}; the SDK follows no redirect, so that credentials are sent only to the base URL (if the new address is right, use it as baseUrl)`,
      'redirect_refused',
    );
    this.status = origin.status;
    this.method = origin.method;
    this.path = origin.path;
    this.requestId = origin.requestId;
    this.location = location;
  }
}

/**
 * The answer's body was larger than the client's `maxResponseBytes` (counted after
 * decompression). The SDK stopped reading at the limit and cancelled the body. Not retried.
 */
export class ResponseTooLargeError extends MedschedError {
  override name = 'ResponseTooLargeError';

  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  /** The limit that was passed, in bytes. */
  readonly limitBytes: number;

  constructor(origin: AnswerOrigin, limitBytes: number) {
    super(
      `the answer to ${origin.method} ${origin.path} (status ${origin.status}) is larger than ${limitBytes} bytes, the client's maxResponseBytes; the SDK stopped reading it (ask for smaller pages with limit, or raise maxResponseBytes)`,
      'response_too_large',
    );
    this.status = origin.status;
    this.method = origin.method;
    this.path = origin.path;
    this.requestId = origin.requestId;
    this.limitBytes = limitBytes;
  }
}

/** How much of a body that is not JSON an InvalidResponseError keeps (raw) and shows (inert). */
export const invalidBodyKeptChars = 2048;
const invalidBodyShownChars = 200;

/**
 * A successful status whose body is not JSON (an HTML page from a proxy or a captive portal,
 * a body cut short): the status, content type and first characters say what came back. Not retried.
 */
export class InvalidResponseError extends MedschedError {
  override name = 'InvalidResponseError';

  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  /** The answer's `Content-Type`, raw; undefined when it had none. */
  readonly contentType: string | undefined;
  /** The first 2048 characters of the body, raw (server text: print `message` instead). */
  readonly body: string;

  constructor(origin: AnswerOrigin, contentType: string | undefined, text: string) {
    const type = contentType === undefined ? 'no content type' : `content type ${inertExcerpt(contentType, 100)}`;
    super(`the answer to ${origin.method} ${origin.path} (status ${origin.status}, ${type}) is not JSON: ${JSON.stringify(inertExcerpt(text, invalidBodyShownChars))}`, 'invalid_response');
    this.status = origin.status;
    this.method = origin.method;
    this.path = origin.path;
    this.requestId = origin.requestId;
    this.contentType = contentType;
    this.body = text.slice(0, invalidBodyKeptChars);
  }
}
