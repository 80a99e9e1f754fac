import { demoCredentials } from '../../seed/index.js';
import { UsageError } from '../usage-error.js';
import { callDevRoute, type AdminTarget } from './admin-client.js';

/**
 * `medsched-server token --email X [--ttl 60]`: a bearer token from the running server. Demo
 * users sign in with their demo key; anyone else needs the admin secret.
 */
export async function mintToken(target: AdminTarget, email: string | undefined, ttl: string | undefined): Promise<void> {
  if (!email) throw new UsageError('token needs --email <address> (see medsched-server credentials)');
  const ttlSeconds = ttl === undefined ? undefined : Number(ttl);
  if (ttlSeconds !== undefined && (!Number.isInteger(ttlSeconds) || ttlSeconds < 1)) throw new UsageError(`--ttl must be a whole number of seconds, not ${ttl}`);
  const demo = demoCredentials().find((credential) => credential.email === email.toLowerCase());
  const body = demo ? { apiKey: demo.apiKey, ttlSeconds } : { email, ttlSeconds };
  console.log(JSON.stringify(await callDevRoute(target, 'POST', '/dev/token', body), null, 2));
}
