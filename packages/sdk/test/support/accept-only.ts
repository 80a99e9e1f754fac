import { HttpResponse } from 'msw';
import { medication } from './fixtures.js';
import { sequence, type Recorded } from './record.js';
import { problemResponse } from './server.js';

/** A server that accepts exactly one bearer token and answers 401 to any other. */
export function acceptOnly(token: string): Recorded[] {
  return sequence((_, request) =>
    request.headers.get('authorization') === `Bearer ${token}`
      ? HttpResponse.json(medication())
      : problemResponse(401, 'unauthenticated', 'token expired', { 'www-authenticate': 'Bearer error="invalid_token"' }),
  );
}
