import { UsageError } from '../usage-error.js';
import { defaultUpstreamLimits, type UpstreamLimits } from '../proxy/upstream-gate.js';

/** The proxy flags that bound its upstream work (`proxy --help`). */
export interface ProxyLimitFlags {
  /** `--max-in-flight 32`: requests at the target at once, all clients together. */
  maxInFlight?: string | undefined;
  /** `--max-in-flight-per-client 8`: requests at the target at once for one credential (or address). */
  maxInFlightPerClient?: string | undefined;
  /** `--max-body-mb 16`: request body MiB held to forward. */
  maxBodyMb?: string | undefined;
  /** `--upstream-timeout 30`: seconds for the target's whole answer. */
  upstreamTimeout?: string | undefined;
  /** `--queue-timeout 10`: seconds a request may wait for its turn. */
  queueTimeout?: string | undefined;
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d{1,7}$/.test(value) || number < min || number > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value.slice(0, 40))}`);
  return number;
}

/** The limits the flags ask for, over `defaultUpstreamLimits`; a flag out of range is a UsageError naming it. */
export function readProxyLimitFlags(flags: ProxyLimitFlags): UpstreamLimits {
  const limits = { ...defaultUpstreamLimits };
  if (flags.maxInFlight !== undefined) limits.maxInFlight = wholeNumber('--max-in-flight', flags.maxInFlight, 1, 10_000);
  if (flags.maxInFlightPerClient !== undefined) limits.maxInFlightPerClient = wholeNumber('--max-in-flight-per-client', flags.maxInFlightPerClient, 1, 10_000);
  // The default per client follows a smaller overall cap (--max-in-flight 4 alone means 4 per client too).
  else limits.maxInFlightPerClient = Math.min(limits.maxInFlightPerClient, limits.maxInFlight);
  if (flags.maxBodyMb !== undefined) {
    const mb = Number(flags.maxBodyMb);
    if (!/^\d{1,4}(\.\d{1,3})?$/.test(flags.maxBodyMb) || !(mb > 0) || mb > 1024)
      throw new UsageError(`--max-body-mb must be a number of MiB above 0 and at most 1024 (e.g. 16 or 0.5), not ${JSON.stringify(flags.maxBodyMb.slice(0, 40))}`);
    limits.maxBodyBytes = Math.max(1, Math.floor(mb * 1024 * 1024));
  }
  if (flags.upstreamTimeout !== undefined) limits.upstreamTimeoutMs = wholeNumber('--upstream-timeout', flags.upstreamTimeout, 1, 3600) * 1000;
  if (flags.queueTimeout !== undefined) limits.queueTimeoutMs = wholeNumber('--queue-timeout', flags.queueTimeout, 1, 600) * 1000;
  // A per-client cap above the overall one would let one client take every turn: said, not silently lowered.
  if (limits.maxInFlightPerClient > limits.maxInFlight) {
    throw new UsageError(`--max-in-flight-per-client (${limits.maxInFlightPerClient}) must not exceed --max-in-flight (${limits.maxInFlight}): one client could then take every turn`);
  }
  return limits;
}
