/** The reference server on node:http: `startServer(options) → { url, port, close() }`. */
export { startServer, defaultHost, defaultPort, type RunningServer, type StartServerOptions } from './start-server.js';
export { DataFileError } from './persistence/errors.js';
export type { DataFile } from './persistence/open-data-file.js';
