import { readExportedJson } from './package-files.js';

/**
 * The SDK's OpenAPI document as this server serves it at `GET /openapi.json`: the contract
 * unchanged, with `servers` pointing at this server. The server URL is relative (`/v1`), so that
 * "try it" in the API reference calls the server the page came from, whatever host name or
 * proxy the browser used, and no Host header ever ends up in the document.
 */
export function openApiDocumentFor(basePath: string): string {
  const document = readExportedJson('@medsched/sdk/openapi.json') as Record<string, unknown>;
  return JSON.stringify({ ...document, servers: [{ url: basePath, description: 'this reference server' }] });
}
