import type { DemoCredential } from '../../seed/index.js';
import { escapeHtml as h } from './html-escape.js';

/** What the home page shows; everything comes from the running server's configuration. */
export interface HomePageContent {
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  /** `/v1`. */
  basePath: string;
  /** The demo users with their keys, by organization; undefined unless the demo seed is in memory. */
  demo: { organizationId: string; organizationName: string; users: DemoCredential[] }[] | undefined;
  /** Why no keys are shown, when `demo` is undefined. */
  noDemoReason: string;
  /** Origins whose pages may call the server (CORS). */
  corsOrigins: readonly string[];
  /** The app URL that plan PDF links accept. */
  appUrl: string;
}

const style = `
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1d2733; background: #f6f8fb }
header { background: #1f3a5f; color: #fff; padding: 24px 40px }
header h1 { margin: 0 0 4px; font-size: 26px }
header p { margin: 0; color: #cfe3ff }
main { max-width: 1040px; padding: 8px 40px 40px }
h2 { margin-top: 32px; font-size: 19px }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px }
pre { background: #0f1b2a; color: #e6eef8; padding: 12px 16px; border-radius: 6px; overflow-x: auto }
table { border-collapse: collapse; background: #fff; margin: 8px 0 16px }
th, td { text-align: left; padding: 6px 12px; border-bottom: 1px solid #dde3ea }
th { background: #eef2f7 }
.links a { display: inline-block; margin-right: 16px; padding: 8px 14px; background: #2b6cb0; color: #fff; border-radius: 6px; text-decoration: none }
.note { background: #fff8e1; border-left: 4px solid #e0a800; padding: 8px 12px }
`;

function demoSection(content: HomePageContent, baseUrl: string): string {
  if (!content.demo)
    return `<h2>Credentials</h2>\n<p class="note">${h(content.noDemoReason)} Create a key with <code>medsched-server keys create --email … --admin-secret …</code>; keys are shown once and never here.</p>`;
  const tables = content.demo
    .map(
      (organization) => `<h3>${h(organization.organizationName)} <small><code>${h(organization.organizationId)}</code></small></h3>
<table>
<thead><tr><th>e-mail</th><th>role</th><th>user id</th><th>API key (<code>x-api-key</code>)</th></tr></thead>
<tbody>
${organization.users.map((user) => `<tr><td>${h(user.email)}</td><td>${h(user.role)}</td><td><code>${h(user.userId)}</code></td><td><code>${h(user.apiKey)}</code></td></tr>`).join('\n')}
</tbody>
</table>`,
    )
    .join('\n');
  const first = content.demo[0]?.users[0];
  return `<h2>Demo organizations and users</h2>
<p>This server runs the demo seed in memory: the same ids and keys on every start. These keys are public; they only work here.</p>
${tables}
${first ? `<pre>curl -H "x-api-key: ${h(first.apiKey)}" ${h(baseUrl)}/organizations/${h(first.organizationId)}</pre>` : ''}`;
}

/** The page at `/`: what this server is, its base URL, credentials, tokens and where the reference is. */
export function homePageHtml(content: HomePageContent): string {
  const baseUrl = `${content.origin}${content.basePath}`;
  const exampleKey = content.demo?.[0]?.users[0]?.apiKey ?? 'msk_…';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>medsched reference server</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${style}</style>
</head>
<body>
<header>
<h1>medsched reference server</h1>
<p>The whole medsched medication-scheduling API, running locally: organizations, users, medications, devices, calendars, bakes and signed PDF links, with the behaviour of the real service.</p>
</header>
<main>
<h2>Base URL</h2>
<pre>${h(baseUrl)}</pre>
<p>Every operation of the API lives under this address; send an API key in <code>x-api-key</code> or a token in <code>Authorization: Bearer …</code>.</p>
<p class="links"><a href="/reference">API reference</a><a href="/openapi.json">OpenAPI document</a></p>
${demoSection(content, baseUrl)}
<h2>Mint a bearer token</h2>
<p>The development route outside <code>/v1</code> turns an API key into a short-lived JWT and a refresh token, so clients can exercise expiry and refresh:</p>
<pre>curl -X POST -H "content-type: application/json" \\
  -d '{"apiKey":"${h(exampleKey)}","ttlSeconds":60}' ${h(content.origin)}/dev/token
curl -H "authorization: Bearer &lt;accessToken&gt;" ${h(baseUrl)}/organizations/…
curl -X POST -H "content-type: application/json" -d '{"refreshToken":"&lt;refreshToken&gt;"}' ${h(content.origin)}/dev/token/refresh</pre>
<h2>From the SDK and the CLI</h2>
<pre>import { createClient } from '@medsched/sdk';
const client = createClient({ baseUrl: '${h(baseUrl)}', apiKey: '${h(exampleKey)}' });

medsched login --base-url ${h(baseUrl)}</pre>
<h2>Browsers on other origins</h2>
<p>Pages on these origins may call this server (CORS): ${content.corsOrigins.length === 0 ? '<strong>none</strong>' : content.corsOrigins.map((origin) => `<code>${h(origin)}</code>`).join(', ')}. Change it with <code>--cors-origins</code> or <code>MEDSCHED_CORS_ORIGINS</code>.</p>
<h2>A patient's medication plan as PDF</h2>
<p>Ask <code>GET ${h(content.basePath)}/pdf/?urlPath=${h(content.appUrl)}/patients/{patientId}/plan?from=YYYY-MM-DD&amp;to=YYYY-MM-DD</code> (staff key) for a signed link; opening it gives the week's plan as a pharmacy prints it.</p>
</main>
</body>
</html>
`;
}
