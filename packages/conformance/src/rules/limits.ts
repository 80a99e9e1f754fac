import { expectFieldNamed, expectStatus, expectThat, records } from '../expect.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/** The bounds of §8, each refused with a 400 naming the parameter. */
export const listBounds: ConformanceRule = {
  id: 'limits.list-bounds',
  title: 'limit, offset and page outside §8 bounds are 400 naming the parameter',
  source: { interface: '§8 Limits', decision: apiReferenceSection('Lists: pagination, filters, sorting') },
  writes: false,
  async run({ probe }) {
    const outside: Array<[string, string]> = [
      ['limit', '0'],
      ['limit', '100001'],
      ['limit', 'ten'],
      ['offset', '-1'],
      ['offset', '100001'],
      ['page', '0'],
      ['page', '100001'],
    ];
    for (const [name, value] of outside) {
      const answer = await probe.send({ method: 'GET', path: '/calendars/', query: { [name]: value } });
      expectStatus(answer, 400, `${name} must be an integer within §8's bounds`, 'validation_failed');
      expectFieldNamed(answer, name);
    }
    const last = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 1, page: 100000 }, operation: 'calendars.list' });
    expectStatus(last, 200, 'page 100000 is within bounds (§8): an empty page, not an error');
    expectThat(records(last).length === 0, `${last.line}: page 100000 of size 1 should be empty, it holds ${records(last).length} entries`);
  },
};

/** GET /pdf/ signs only pages on the two allowed hosts. */
export const pdfHosts: ConformanceRule = {
  id: 'limits.pdf-hosts',
  title: 'GET /pdf/ refuses a urlPath off the allowed hosts, and a missing one',
  source: { interface: '§4 rule 1; §8 Limits', decision: apiReferenceSection('PDF links (`GET /pdf/`)') },
  writes: false,
  async run({ probe }) {
    for (const urlPath of ['https://evil.example/patients', 'javascript:alert(1)']) {
      const answer = await probe.send({ method: 'GET', path: '/pdf/', query: { urlPath } });
      expectStatus(answer, 400, `urlPath ${urlPath} is on neither of the deployment's two allowed hosts (its app and web addresses), so it is refused`, 'validation_failed');
      expectFieldNamed(answer, 'urlPath');
    }
    const missing = await probe.send({ method: 'GET', path: '/pdf/' });
    expectStatus(missing, 400, 'urlPath is required (§4 #21)', 'validation_failed');
    expectFieldNamed(missing, 'urlPath');
  },
};
