import { UsageError } from '../usage-error.js';
import { parseAllowedHosts, type AllowedHosts } from '../host-check.js';

/** `--allowed-hosts api.example.com,.example.org` or `all`, for `serve` and `proxy`; undefined when not given. */
export function readAllowedHostsFlag(value: string | undefined): AllowedHosts | undefined {
  if (value === undefined) return undefined;
  const parsed = parseAllowedHosts(value);
  if (!parsed.ok) throw new UsageError(`--allowed-hosts ${parsed.reason}`);
  return parsed.allowed;
}
