// A loopback HTTP proxy in front of the reference server that misbehaves on request, the way
// networks and servers do, so that every runtime sees the same faults. A request with the header
// `x-fault: <kind>:<token>` gets the fault the first time its token is seen; a retry carries the
// same header and goes through. Nothing depends on timing: a stalled request is never answered.
// Browsers' preflights are answered here (CORS), so pages can send the x-fault header.
import { createServer, request as forward } from 'node:http';

/**
 * Starts the proxy on a free loopback port.
 * - `drop`: forwards the request, reads the server's whole answer, then resets the client's
 *   connection (the write happened; the client cannot know it).
 * - `503`: answers 503 with a problem document and `Retry-After: 0`, without forwarding.
 * - `stall`: never answers (until the client goes away or the proxy closes).
 * @param {string} upstream the server's origin, e.g. `http://127.0.0.1:4010`
 * @returns {Promise<{ url: string, close(): Promise<void> }>} `url` ends in `/v1`
 */
export async function startFaultProxy(upstream) {
  const target = new URL(upstream);
  const seen = new Set();
  const sockets = new Set();
  const server = createServer((req, res) => {
    // Every connection serves one request: browsers resend a request themselves when a reused
    // keep-alive connection is reset (they take it for a server closing an idle one), which would
    // hide the dropped create from the SDK, the thing under test, depending on which socket it got.
    res.shouldKeepAlive = false;
    res.setHeader('connection', 'close');
    const origin = req.headers.origin;
    // Pages in browsers call the proxy cross-origin with the x-fault header, which the server
    // does not allow: the proxy answers their preflights itself (the server's own CORS is proven
    // by the calls the pages make to it directly).
    if (req.method === 'OPTIONS' && origin && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': req.headers['access-control-request-method'],
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
        vary: 'origin',
      });
      res.end();
      return;
    }
    const header = req.headers['x-fault'];
    const [kind, ...rest] = typeof header === 'string' ? header.split(':') : [];
    const token = rest.join(':');
    const first = kind !== undefined && token !== '' && !seen.has(`${kind}:${token}`);
    if (first) seen.add(`${kind}:${token}`);
    if (first && kind === 'stall') return;
    if (first && kind === '503') {
      const cors = origin ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after' } : {};
      res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '0', ...cors });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'internal', detail: 'injected by the fault proxy' }));
      return;
    }
    const upstreamRequest = forward({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (upstreamResponse) => {
      const chunks = [];
      upstreamResponse.on('data', (chunk) => chunks.push(chunk));
      upstreamResponse.on('end', () => {
        if (first && kind === 'drop') {
          req.socket.resetAndDestroy();
          return;
        }
        // Hop-by-hop headers stay on their hop: the server's `connection: keep-alive` would undo the one request per connection.
        const { connection, 'keep-alive': keepAlive, 'transfer-encoding': transferEncoding, ...headers } = upstreamResponse.headers;
        res.writeHead(upstreamResponse.statusCode ?? 502, { ...headers, connection: 'close' });
        res.end(Buffer.concat(chunks));
      });
    });
    upstreamRequest.on('error', () => req.socket.destroy());
    req.pipe(upstreamRequest);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
