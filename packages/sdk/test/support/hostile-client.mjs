/**
 * One SDK call in a process of its own, against a hostile server: for the cases that need the
 * process to be alone (its peak memory, `process.resourceUsage().maxRSS`) or set up at start
 * (NODE_EXTRA_CA_CERTS to trust the hostile TLS server). Runs the built SDK (dist/).
 *
 * argv[2]: JSON `{ baseUrl, apiKey?, token?, call: 'organizations.get', args: [...], options: {...} }`,
 * or an array of them, called one after the other (process start-up costs seconds on a loaded machine).
 * Prints one JSON line per call: `{ ok, name, code, message, location, limitBytes, maxRssKiB }`.
 */
import { createClient } from '../../dist/index.js';

const given = JSON.parse(process.argv[2]);
for (const spec of Array.isArray(given) ? given : [given]) await run(spec);

async function run(spec) {
  const client = createClient({ baseUrl: spec.baseUrl, apiKey: spec.apiKey, token: spec.token, retryDelays: { initialMs: 1, maxMs: 5 }, ...spec.options });
  const [group, method] = spec.call.split('.');
  let outcome;
  try {
    await client[group][method](...spec.args);
    outcome = { ok: true };
  } catch (error) {
    outcome = { ok: false, name: error.name, code: error.code, message: error.message, location: error.location, limitBytes: error.limitBytes };
  }
  process.stdout.write(`${JSON.stringify({ ...outcome, maxRssKiB: process.resourceUsage().maxRSS })}\n`);
}
