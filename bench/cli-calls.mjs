// pnpm bench (after pnpm build): the unattended Monday of issue 39, counted in HTTP calls. Three
// homes on the reference server (each made by POST /dev/admin/organizations, residents and their
// daily series seeded with the SDK, most with a device), the 28-day cycle run as the cron recipe
// runs it: per home `bake --all-patients`, `bake check --all-patients` and the nurses' rows
// (`bake show --all-patients`), each a CLI process with the home's profile (key, organization).
// Every request goes through a counting proxy. Baseline in the same run: a plain `fetch` script,
// one process, doing the same work with the fewest calls the interface allows (per home: the
// users once, the home's calendar once per step that needs it, one GET /calendars/bake per
// patient per step (devices and what is baked), one POST /calendars/bake). Prints the calls and
// their ratio (target <= 1.3), then the wall time of the two, interleaved round by round.
// BENCH_CLI_CALLS_RESIDENTS (15) residents per home, BENCH_CLI_CALLS_ROUNDS (5) timed rounds.
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const residents = Number(process.env.BENCH_CLI_CALLS_RESIDENTS ?? 15);
const rounds = Number(process.env.BENCH_CLI_CALLS_ROUNDS ?? 5);
const target = 1.3;
const adminSecret = 'bench-cli-calls-admin-secret-0123456789abcdef';
const serverBin = fileURLToPath(new URL('../packages/reference-server/dist/node/bin.js', import.meta.url));
const cliBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const { createClient } = await import(pathToFileURL(fileURLToPath(new URL('../packages/sdk/dist/index.js', import.meta.url))).href);
const from = '2030-03-04';
const to = '2030-03-31';

// The reference server in its own process, on a free port, empty.
const server = spawn(process.execPath, [serverBin, '--port', '0', '--seed', 'empty', '--admin-secret', adminSecret], { stdio: ['ignore', 'pipe', 'inherit'] });
const serverUrl = await new Promise((resolve, reject) => {
  let printed = '';
  server.stdout.on('data', (chunk) => {
    printed += chunk;
    const match = /listening on (http:\/\/\S+\/v1)/.exec(printed);
    if (match) resolve(match[1]);
  });
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const origin = new URL(serverUrl);

// The counting proxy: every request of the CLI and of the plain script passes here.
let calls = 0;
const proxy = createServer((req, res) => {
  calls += 1;
  const upstream = httpRequest({ host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${proxy.address().port}/v1`;

async function admin(path, body) {
  const response = await fetch(`${origin.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// Three homes, each with its zone, its admin's key, residents with two or three daily series.
const homes = [];
for (const [index, name] of ['Haus Sonnenhof', 'Maison des Tilleuls', 'Casa Girasole'].entries()) {
  const zone = ['Europe/Berlin', 'Europe/Paris', 'Europe/Rome'][index];
  const email = `admin${index}@bench-home-${index}.example`;
  const made = await admin('/dev/admin/organizations', { name, timezone: zone, admin: { name: `Admin ${index}`, email } });
  const organization = made.organization.id;
  const { apiKey } = await admin('/dev/admin/keys', { email, organizationId: organization });
  const client = createClient({ baseUrl: serverUrl, apiKey });
  for (let resident = 0; resident < residents + index; resident++) {
    const user = await client.users.create({ organization, name: `Resident ${index}-${resident}`, role: 'patient', timezone: zone });
    for (const [time, amount] of [
      ['08:00', 1],
      ['18:00', 0.5],
      ['22:00', 1],
    ].slice(0, 2 + (resident % 2))) {
      await client.calendars.create({ patient: user.id, name: 'Metformin 500 mg', date: '2030-01-01', intakeTime: time, rrule: 'FREQ=DAILY', amount, unit: 'tablet' });
    }
    if (resident % 5 !== 4) await admin('/dev/admin/devices', { organization, name: `Device ${index}-${resident}`, serialNumber: `SN-${index}-${resident}`, patient: user.id });
  }
  homes.push({ organization, apiKey, zone });
}

// The recipe's commands, as cron runs them: a profile per home (here its variables), no terminal.
const dir = mkdtempSync(join(tmpdir(), 'medsched-cli-calls-'));
const steps = [
  ['bake', '--all-patients', '--from', from, '--to', to, '--yes', '--confirm-long-range', '--json', '--quiet'],
  ['bake', 'check', '--all-patients', '--from', from, '--to', to, '--json', '--quiet'],
  ['bake', 'show', '--all-patients', '--from', from, '--to', to, '--output', 'csv', '--quiet'],
];
const clean = Object.fromEntries(Object.entries(process.env).filter(([variable]) => !variable.startsWith('MEDSCHED_')));
function run(file, args, env) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [file, ...args], { env: { ...clean, ...env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      // bake check exits 10/13 when something needs attention: an answer, not a failure of the run.
      if (error && ![10, 13].includes(error.code)) reject(new Error(`${args.join(' ')}: ${error.code} ${stderr}`));
      else resolve();
    });
  });
}
async function cliCycle() {
  for (const home of homes) {
    const env = { MEDSCHED_CONFIG_DIR: dir, MEDSCHED_BASE_URL: baseUrl, MEDSCHED_API_KEY: home.apiKey, MEDSCHED_ORGANIZATION: home.organization };
    for (const step of steps) await run(cliBin, step, env);
  }
}

// The plain script: the same work, one process, the fewest calls.
const plain = join(dir, 'plain.mjs');
writeFileSync(
  plain,
  `const [base, from, to, ...homes] = process.argv.slice(2);
async function get(key, path) {
  const response = await fetch(base + path, { headers: { 'x-api-key': key, accept: 'application/json' } });
  if (!response.ok) throw new Error(path + ': ' + response.status);
  return response.json();
}
for (const home of homes) {
  const [organization, key] = home.split(':');
  const users = (await get(key, '/users/?organization=' + organization + '&limit=100000')).filter((user) => user.role === 'patient' || user.role === 'onlyself');
  const bakeReads = () => Promise.all(users.map((user) => get(key, '/calendars/bake?patient=' + user.id + '&from=' + from + '&to=' + to)));
  // bake: the scale first (entries, devices and what is baked), then the one write.
  await get(key, '/calendars/?limit=100000');
  await bakeReads();
  const baked = await fetch(base + '/calendars/bake', { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ updateAllPatients: true, organization, from, to }) });
  if (!baked.ok) throw new Error('bake: ' + baked.status);
  await baked.json();
  // check: the calendar and each patient's baked range again, after the bake.
  await get(key, '/calendars/?limit=100000');
  await bakeReads();
  // the nurses' rows.
  process.stdout.write(JSON.stringify((await bakeReads()).map((result) => result.data.length)) + '\\n');
}
`,
);
const plainArgs = [baseUrl, from, to, ...homes.map((home) => `${home.organization}:${home.apiKey}`)];
const plainCycle = () => run(plain, plainArgs, {});

async function counted(cycle) {
  const before = calls;
  await cycle();
  return calls - before;
}
const cliCalls = await counted(cliCycle);
const plainCalls = await counted(plainCycle);
const patients = homes.length * residents + 3;
console.log(`cli-calls: 3 homes, ${patients} residents, ${from} to ${to} (28 days): ${homes.length * steps.length} CLI runs`);
console.log(`  HTTP calls: CLI ${cliCalls}, plain fetch script ${plainCalls} -> ${(cliCalls / plainCalls).toFixed(2)}x (target <= ${target}) ${cliCalls / plainCalls <= target ? 'ok' : 'OVER'}`);

// Wall time, interleaved: a round runs the CLI cycle and the plain script, in alternating order.
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const times = { cli: [], plain: [] };
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? ['cli', 'plain'] : ['plain', 'cli'];
  for (const name of order) {
    const started = process.hrtime.bigint();
    await (name === 'cli' ? cliCycle() : plainCycle());
    times[name].push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}
const cliMs = median(times.cli);
const plainMs = median(times.plain);
console.log(
  `  wall time (median of ${rounds}, interleaved): CLI ${cliMs.toFixed(0)} ms, plain ${plainMs.toFixed(0)} ms -> ${(cliMs / plainMs).toFixed(2)}x (CLI process start-up included; for information)`,
);

proxy.close();
server.kill('SIGTERM');
process.exitCode = cliCalls / plainCalls <= target ? 0 : 1;
