// One server per child process, so that the load generator never shares an event loop with it.
//   node server-process.mjs raw <bodyFile>      → raw node:http answering that body
//   node server-process.mjs reference <entries> → the reference server with extra calendar entries
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [mode, argument] = process.argv.slice(2);

/** Answers `cpu` with this process's CPU time so far (µs): run.mjs divides it by the requests served. */
function onCpuRequests() {
  process.on('message', (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  });
}

if (mode === 'raw') {
  // "Serving the same bytes": the same head as the reference server's answer (curl -i), not only
  // the same body: content-type, a fresh x-request-id made as the server makes it (a UUID),
  // `cache-control: no-store` and `nosniff` (its answer step), `vary: origin` (its CORS step) and content-length (without it Node would send the body
  // chunked, which costs raw node:http more than the reference server pays). Node adds Date,
  // Connection and Keep-Alive to both. A thinner head would make the baseline cheaper than any
  // server saying the same thing, and the ratio would measure headers rather than the server.
  const body = readFileSync(argument, 'utf8');
  const length = String(Buffer.byteLength(body));
  const server = createServer((request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'x-request-id': crypto.randomUUID(),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      vary: 'origin',
      'content-length': length,
    });
    response.end(body);
  });
  onCpuRequests();
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
} else {
  const { startServer } = await import('@medsched/reference-server/node');
  // The 100,000-entry organization is at the default calendar-entry quota: raised, so that the
  // mixed load's writes are measured rather than refused.
  const server = await startServer({ port: 0, seed: 'demo', storageQuota: { calendarEntries: 10_000_000 } });
  const table = server.reference.db.calendarEntries;
  const patients = ['64d002000000000000000003', '64d002000000000000000004', '64d002000000000000000005'];
  const total = Number(argument);
  for (let i = 0; i < total; i++) {
    const id = `b0${i.toString(16).padStart(22, '0')}`;
    const day = String(1 + (i % 28)).padStart(2, '0');
    await table.create({
      id,
      patient: patients[i % 3],
      organization: '64d001000000000000000001',
      name: `Bench entry ${i}`,
      date: `2026-02-${day}`,
      intakeTime: '09:00',
      baked: false,
      seriesId: null,
      createdAt: '2026-01-02T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
  }
  // For bounds.mjs: the heap next to RSS, and a full GC on request (only with --expose-gc), so
  // that memory still held by garbage is told from memory the allocator keeps after a GC.
  onCpuRequests();
  process.on('message', (message) => {
    if (message === 'memory') process.send({ memory: process.memoryUsage() });
    if (message === 'gc' && globalThis.gc) {
      globalThis.gc();
      process.send({ gc: true });
    }
  });
  process.send({ port: server.port, entries: table.size });
}
