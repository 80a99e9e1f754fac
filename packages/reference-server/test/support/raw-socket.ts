import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

/** What a raw request got back: the status of the first answer line, and the whole text. */
export interface RawSocketAnswer {
  status: number;
  text: string;
}

/**
 * Writes `request` (the whole HTTP text, with `connection: close`) on a fresh socket and reads
 * until the server closes it: for what fetch cannot send (absolute-form targets, CONNECT, junk).
 */
export function rawRequest(port: number, request: string): Promise<RawSocketAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(request, 'latin1');
  });
}

/** One request as a recording server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A server that notes every connection and request and answers `answer` (JSON, 200 by default). */
export interface RecordingServer {
  server: Server;
  port: number;
  origin: string;
  connections: number;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(answer: (request: SeenRequest) => { status: number; body: string } = () => ({ status: 200, body: '{}' })): Promise<RecordingServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    requests.push(seen);
    req.resume();
    req.once('end', () => {
      const { status, body } = answer(seen);
      res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' }).end(body);
    });
  });
  const recording: RecordingServer = {
    server,
    port: 0,
    origin: '',
    connections: 0,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => recording.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  recording.port = (server.address() as AddressInfo).port;
  recording.origin = `http://127.0.0.1:${recording.port}`;
  return recording;
}
