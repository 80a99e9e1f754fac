/**
 * How callers prove who they are (components.securitySchemes) and where the API is served
 * (`servers`), stated as the reference server does it (domain/access/authentication.ts and
 * identity-provider.ts), so that a security reviewer reads what is true.
 */

export const securitySchemes = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description:
      "API key (`msk_…`) created in the web application's account settings and shown once; the server keeps only its SHA-256 digest. A revoked key fails at once, and so does every bearer token minted from it. A missing, malformed, unknown or revoked key is 401 before any other check.",
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: [
      "A signed JWT (JWS, RFC 7519) access token from the identity provider's sign-in or refresh, verified following RFC8725 (JSON Web Token Best Current Practices):",
      'the algorithm is pinned to HS256, so `alg: none` and every other algorithm are refused (RFC 8725 §3.1, §3.2);',
      'the signing key is at least 32 bytes (§3.5);',
      '`iss` and `aud` must name this issuer and this API, and `sub`, `exp` and `iat` are required (§3.8, §3.9, §3.10);',
      '`exp` gets no tolerance, and a token issued more than 60 seconds in the future or living longer than the provider issues is refused;',
      'access and refresh tokens carry `token_use`, checked on every use, so that one never passes as the other (§3.12).',
      'Access tokens live 1 hour by default and 7 days at most; refresh tokens are single-use, and a reused one revokes its whole family. When `x-api-key` is sent too, both must name the same account.',
    ].join(' '),
  },
};

/** The local sandbox's base URL: the reference server's default address. */
export const SANDBOX_URL = 'http://127.0.0.1:4010/v1';

/**
 * `x-internal` says who each server is for (OWASP API9:2023, inventory): the sandbox is a local
 * tool, the production entry a placeholder in the reserved `.example` domain for a deployment's
 * own https URL. Plain http is only ever the loopback sandbox.
 */
export const servers = [
  {
    url: SANDBOX_URL,
    description: 'Local sandbox: the reference server (`medsched-reference-server`) on this machine, plain http on the loopback interface, demo data only. Not for production or real patient data.',
    'x-internal': true,
  },
  {
    url: 'https://api.medsched.example/v1',
    description: "Production (placeholder): a deployment's own https URL goes here; TLS only.",
    'x-internal': false,
  },
];
