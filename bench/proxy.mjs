// node bench/proxy.mjs (after pnpm build): medsched-server proxy under a flood of contract-breaking
// answers (issue 33: 15,000 of them took its RSS from 214 to 479 MiB and its violations file to
// 105 MiB). Prints the proxy's RSS before, at the end of the flood and after, against the same
// proxy after a flood of answers that keep the contract (the ratio counts, not the MiB), and the
// size of the violations file against its cap. BENCH_PROXY_REQUESTS (15000) sets the flood.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const requests = Number(process.env.BENCH_PROXY_REQUESTS ?? 15_000);
const bin = fileURLToPath(new URL('../packages/reference-server/dist/node/bin.js', import.meta.url));
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const entry = {
  id: '64d005000000000000000001',
  userId: 'p',
  date: '2026-01-05',
  startTime: '08:00',
  endTime: '08:30',
  title: 't',
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A target answering every GET with one calendar entry, broken (`isBaked`) or kept (`baked`). */
async function startTarget(broken) {
  const body = JSON.stringify(broken ? { ...entry, isBaked: true } : { ...entry, baked: false });
  const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function startProxy(target, violations) {
  const child = spawn(process.execPath, [bin, 'proxy', '--target', `http://127.0.0.1:${target.address().port}/v1`, '--port', '0', '--violations', violations, '--max-log-mb', '16'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const match = /listening on (http:\/\/\S+\/v1)/.exec(printed);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`proxy exited with ${code}`)));
  });
  return { child, url };
}

async function flood(broken) {
  const dir = mkdtempSync(join(tmpdir(), 'medsched-bench-proxy-'));
  const file = join(dir, 'violations.jsonl');
  const target = await startTarget(broken);
  const proxy = await startProxy(target, file);
  const before = rssOf(proxy.child.pid);
  let peak = before;
  const watch = setInterval(() => (peak = Math.max(peak, rssOf(proxy.child.pid))), 100);
  await autocannon({ url: `${proxy.url}/calendars/${entry.id}`, connections: 20, amount: requests });
  clearInterval(watch);
  const after = rssOf(proxy.child.pid);
  proxy.child.kill('SIGTERM');
  await new Promise((resolve) => proxy.child.once('exit', resolve));
  target.close();
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {}
  return { before, peak, after, size };
}

const kept = await flood(false);
const broken = await flood(true);
const line = (name, m) => `${name.padEnd(28)} RSS ${m.before.toFixed(0)} → peak ${m.peak.toFixed(0)} → ${m.after.toFixed(0)} MiB; violations file ${(m.size / 1048576).toFixed(1)} MiB`;
console.log(`\nproxy: ${requests} requests, 20 connections`);
console.log(line('answers keeping the contract', kept));
console.log(line('answers breaking it', broken));
console.log(`peak RSS breaking / keeping: ${(broken.peak / kept.peak).toFixed(2)} (issue 33 wants it bounded: ~1); violations file within its 16 MiB cap: ${broken.size <= 16 * 1048576}`);
