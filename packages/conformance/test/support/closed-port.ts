import { createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port nobody listens on: one the system just gave out and that was closed again, so
 * that a connection to it is refused (for runs that cannot start). The CLI's tests use it too.
 */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
