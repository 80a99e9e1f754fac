/**
 * Exit codes, one per kind of failure, so that scripts can branch without parsing text.
 * Documented in the README; never renumber.
 */
export const ExitCode = {
  ok: 0,
  other: 1,
  usage: 2,
  auth: 3,
  permission: 4,
  notFound: 5,
  conflict: 6,
  network: 7,
  /** The person answered no at a confirmation prompt; nothing changed. */
  declined: 8,
  /**
   * The command stopped (a failure, Ctrl-C, --timeout) after it had written something: some writes
   * were made and others not, or one's outcome is unknown. Stderr lists which.
   */
  partial: 9,
  /**
   * `bake check` found something that needs attention before the devices are filled (days not
   * baked, no device, series changed after the bake); stdout lists each with its fix.
   */
  attention: 10,
  /**
   * The credential belongs to another organization (home) than the profile's: refused before
   * anything is sent, naming both. A profile belongs to one home.
   */
  otherHome: 11,
  /**
   * The server asked to wait (rate limit, `Retry-After`) longer than --timeout allows; nothing
   * more was sent. Stderr (and the JSON error) says when to retry.
   */
  rateLimited: 12,
  /**
   * `bake check` found only notes that change nothing a device dispenses (a resident without a
   * device), none of them acknowledged; the dispensing findings are exit 10.
   */
  notes: 13,
  /**
   * The server's answer was refused, not acted on: a redirect (the SDK follows none, so a key never
   * goes to another host), a body over the size limit, a 2xx that is not JSON, or a PDF link
   * outside the API's origin or a "PDF" that is not one. Nothing was saved.
   */
  refusedAnswer: 14,
  /** Ctrl-C (SIGINT), as shells report it: 128 + 2. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
