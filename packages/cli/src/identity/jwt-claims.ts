/**
 * The subject and expiry of a JWT, read without verifying it: only to tell the user which
 * account a token names and whether it has expired. Nothing secret is shown.
 */
export function readJwtClaims(token: string): { subject: string | undefined; expires: Date | undefined } {
  const payload = token.split('.')[1];
  if (payload === undefined) return { subject: undefined, expires: undefined };
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; exp?: unknown };
    return {
      subject: typeof claims.sub === 'string' ? claims.sub : undefined,
      expires: typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined,
    };
  } catch {
    return { subject: undefined, expires: undefined };
  }
}
