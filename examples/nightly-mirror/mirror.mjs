// A nightly copy of an organization's calendar entries and device events in SQLite, complete
// while the home works (`pnpm --filter ./examples/nightly-mirror start`, against a running server).
//   MEDSCHED_BASE_URL      default http://127.0.0.1:4010/v1
//   MEDSCHED_API_KEY       default the demo staff key of Sonnen-Apotheke
//   MEDSCHED_ORGANIZATION  default that organization's id
//   MIRROR_DB              the SQLite file, default ./mirror.sqlite (made on the first night)
//   MIRROR_PAGE_SIZE       entries per page, default 500
// Exit 0 with a summary line when the night is saved; 1 with the error, leaving last night's copy.
import { createClient, MedschedError } from '@medsched/sdk';
import { openMirrorStore } from './mirror-store.mjs';
import { nightDefaults, runNight } from './night.mjs';

const baseUrl = process.env.MEDSCHED_BASE_URL ?? 'http://127.0.0.1:4010/v1';
const apiKey = process.env.MEDSCHED_API_KEY ?? 'msk_demo_sonnen_user';
const organization = process.env.MEDSCHED_ORGANIZATION ?? '64d001000000000000000001';
const path = process.env.MIRROR_DB ?? 'mirror.sqlite';
const pageSize = Number(process.env.MIRROR_PAGE_SIZE ?? nightDefaults.pageSize);

// A batch job: it would rather wait for the rate limit than fail on it.
const client = createClient({ baseUrl, apiKey, rateLimit: 'wait' });
const store = await openMirrorStore(path);
try {
  const stats = await runNight({ client, store, organization, pageSize });
  console.log(`night saved to ${path}: ${stats.changed} changed, ${stats.deleted} deleted of ${stats.listed + stats.deleted}, ${stats.events} new events from ${stats.devices} devices`);
} catch (error) {
  console.error(error instanceof MedschedError ? `night failed, last copy kept: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  store.close();
}
