import { demoCredentials, type DemoCredential } from '@medsched/reference-server';
import { startServer, type RunningServer, type StartServerOptions } from '@medsched/reference-server/node';

export const adminSecret = 'cli-test-admin-secret';

/** The reference server on a free port, with the demo seed and the development admin routes. */
export async function startTestServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // Kept-alive connections live 2 minutes, not 5 s: the server shares the test's process, whose
  // event loop a loaded machine can hold past 5 s; a connection reused just then was reset.
  return startServer({ port: 0, seed: 'demo', adminSecret, ...options, timeouts: { idle: 120, ...options.timeouts } });
}

/** A demo user by organization index (0 or 1) and role key, e.g. `demoUser(0, 'admin')`. */
export function demoUser(organization: 0 | 1, key: 'admin' | 'user' | 'patient1' | 'patient2' | 'patient3' | 'onlyself'): DemoCredential {
  const credential = demoCredentials().filter((candidate) => candidate.email.startsWith(`${key}@`))[organization];
  if (!credential) throw new Error(`no demo user ${key} in organization ${organization}`);
  return credential;
}

/** Every secret of the demo seed: none may ever appear in the CLI's output. */
export const demoSecrets: string[] = demoCredentials().map((credential) => credential.apiKey);

/** What a simulated device sends, through the reference server's administration route. */
export async function postDeviceEvent(server: RunningServer, deviceId: string, event: { type: string; payload?: Record<string, unknown> }): Promise<{ id: string }> {
  const response = await fetch(`${server.origin}/dev/admin/devices/${deviceId}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret },
    body: JSON.stringify(event),
  });
  if (!response.ok) throw new Error(`posting a device event failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}
