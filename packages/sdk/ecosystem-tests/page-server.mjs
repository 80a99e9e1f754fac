// A static server for a bundled page, under the strict Content-Security-Policy an integrator's
// production site would have: scripts only from the page's own origin, requests only to the API.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.map': 'application/json' };

/**
 * Serves the files under `root` on a free loopback port.
 * @param {string} root the bundler's output directory
 * @param {string[]} connectOrigins the origins the page may call (`connect-src`)
 * @returns {Promise<{ origin: string, csp: string, close(): Promise<void> }>}
 */
export async function startPageServer(root, connectOrigins) {
  const csp = `default-src 'self'; connect-src ${connectOrigins.join(' ')}`;
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://page').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-security-policy': csp }).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'content-security-policy': csp, 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    csp,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
