import { UsageError } from './usage-error.js';

/**
 * Where the server can be reached from decides which credentials are safe. Only the usual
 * loopback names count as loopback: `127.0.0.1`, `::1` and `localhost`. Any other address,
 * another `127.x.y.z` included, is treated as reachable from elsewhere (a container's or VM's
 * port mapping can forward to it), so that the safe choice is the default when in doubt.
 */
export function isLoopbackHost(host: string): boolean {
  return ['127.0.0.1', '::1', '[::1]', 'localhost'].includes(host.toLowerCase());
}

/** Shortest admin secret accepted beyond loopback: 32 characters (the random default has 32 hex digits). */
export const minAdminSecretLength = 32;

/** Refuses (exit code 2) an admin secret anyone could guess on a server reachable from elsewhere. */
export function checkAdminSecret(host: string, adminSecret: string | undefined): void {
  if (adminSecret === undefined || isLoopbackHost(host) || adminSecret.length >= minAdminSecretLength) return;
  throw new UsageError(
    `--admin-secret must have at least ${minAdminSecretLength} characters on a server reachable beyond loopback (--host ${host}); leave it out for a random one, or use e.g. $(openssl rand -hex 16)`,
  );
}

/** `--demo-keys on|off`: undefined when not given. */
export function parseDemoKeys(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`--demo-keys must be on or off, not ${value}`);
}
