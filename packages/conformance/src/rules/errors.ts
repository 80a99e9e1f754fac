import { expectStatus, expectThat } from '../expect.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/** 401 for a missing or unknown credential, as a problem document with `WWW-Authenticate`. */
export const unauthenticated: ConformanceRule = {
  id: 'errors.unauthenticated',
  title: 'A missing or unknown credential gets 401 unauthenticated',
  source: { interface: '§5 Authentication, item 6; §7 Errors', decision: apiReferenceSection('Errors') },
  writes: false,
  async run({ probe }) {
    const missing = await probe.send({ as: 'none', method: 'GET', path: '/calendars/' });
    expectStatus(missing, 401, 'a missing credential yields 401 (§5.6)', 'unauthenticated');
    expectThat(missing.headers.get('www-authenticate') !== null, `${missing.line}: a 401 should carry WWW-Authenticate (RFC 9110)`);
    const unknown = await probe.send({ as: 'none', method: 'GET', path: '/calendars/', headers: { 'x-api-key': 'msk_conformance_not_a_key_0000000000' } });
    expectStatus(unknown, 401, 'an invalid credential yields 401 (§5.6)', 'unauthenticated');
  },
};

/** Identifiers: malformed 400 invalid_id, well-formed but unknown 404 not_found. */
export const identifiers: ConformanceRule = {
  id: 'errors.identifiers',
  title: 'A malformed id is 400 invalid_id, an unknown one 404 not_found',
  source: { interface: '§2 (<object_id>), §7 Errors ("not shown")', decision: apiReferenceSection('Formats') },
  writes: false,
  async run({ probe }) {
    const malformed = await probe.send({ method: 'GET', path: '/calendars/not-an-object-id' });
    expectStatus(malformed, 400, 'an <object_id> is 24 hex characters; a malformed one is bad input', 'invalid_id');
    const unknown = await probe.send({ method: 'GET', path: '/calendars/ffffffffffffffffffffffff' });
    expectStatus(unknown, 404, 'a well-formed id that exists nowhere is not found', 'not_found');
    const unknownMedication = await probe.send({ method: 'GET', path: '/medications/ffffffffffffffffffffffff' });
    expectStatus(unknownMedication, 404, 'a well-formed id that exists nowhere is not found', 'not_found');
  },
};
