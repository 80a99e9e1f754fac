import { env } from '../environment.js';
import { UsageError } from '../usage-error.js';

export interface AdminTarget {
  origin: string;
  adminSecret: string | undefined;
}

/** Calls a development route of a running server; prints the server's problem detail on failure. */
export async function callDevRoute(target: AdminTarget, method: string, path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const secret = target.adminSecret ?? env.adminSecret();
  if (secret) headers['x-admin-secret'] = secret;
  let response: Response;
  try {
    response = await fetch(`${target.origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new UsageError(`no medsched server answers at ${target.origin}; start one with medsched-server, or give --url`);
  }
  const answer = (await response.json().catch(() => undefined)) as { detail?: string } | undefined;
  if (!response.ok) {
    const hint = response.status === 401 ? ' (give the admin secret the server printed at start: --admin-secret or MEDSCHED_ADMIN_SECRET)' : '';
    throw new UsageError(`${response.status}: ${answer?.detail ?? response.statusText}${hint}`);
  }
  return answer;
}
