import { createReferenceServer, fromFetchRequest, toFetchResponse } from '@medsched/reference-server';

/** A reference server of its own (demo seed) and its pipeline as a fetch: no socket, no data shared with another test. */
export async function inProcessReference(): Promise<{ fetch: typeof fetch; baseUrl: string; tokenFor(apiKey: string): Promise<string> }> {
  const reference = await createReferenceServer({ seed: 'demo' });
  const handle: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    return toFetchResponse(await reference.pipeline.handle(fromFetchRequest(request)), request.method);
  };
  /** A bearer token for a demo user, from the reference server's development sign-in (ten minutes: far beyond a run). */
  const tokenFor = async (apiKey: string) => {
    const response = await handle('http://reference.test/dev/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey, ttlSeconds: 600 }) });
    return ((await response.json()) as { accessToken: string }).accessToken;
  };
  return { fetch: handle, baseUrl: 'http://reference.test/v1', tokenFor };
}

/** The demo credentials: staff of Sonnen-Apotheke, one of its patients, an admin of Haus Lindenhof. */
export const demoCredentials = {
  primary: { apiKey: 'msk_demo_sonnen_user' },
  patient: { apiKey: 'msk_demo_sonnen_patient1' },
  otherOrganization: { apiKey: 'msk_demo_lindenhof_admin' },
};
