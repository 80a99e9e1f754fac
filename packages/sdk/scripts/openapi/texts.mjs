/**
 * The document's prose: its introduction, one line per tag, and the notes per operation that
 * the schemas cannot carry (cross-field rules and behaviour decided in api-decisions.md).
 */

export const description = `Typed toolkit contract for the medsched medication-scheduling API, generated from the zod schemas of \`@medsched/sdk\`. Where the service interface is silent, these decisions hold (details in docs/api-reference.md):

- **Authentication**: every operation takes an API key in \`x-api-key\` or a JWT in \`Authorization: Bearer\`. When both are sent, both must be valid and name the same account. A missing or bad credential is 401 before any other check; a valid one without access to the organization or record is 403.
- **Errors**: every error is an RFC 9457 problem document (\`application/problem+json\`) with \`type\`, \`title\`, \`status\`, \`code\`, \`detail\`, \`requestId\` and, for validation, \`errors[]\` of \`{path, message}\`. Each operation lists the statuses it can answer with.
- **Identifiers**: ids are 24 lower-case hex characters; a malformed id is 400, an unknown one 404, another organization's 403. Account ids are identity-provider subjects.
- **Pagination** (\`GET /calendars/\`, \`GET /users/\`): \`limit\` default 50, \`page\` default 1 (1-based), \`offset\` wins over \`page\`; bounds 1..100000 (offset 0..100000). The body is a bare array; \`X-Total-Count\` and an RFC 8288 \`Link\` header (first, prev, next, last) describe the pages. Default order \`createdAt\` ascending, then \`id\`.
- **Input**: JSON bodies only (415 otherwise, 413 above 1 MiB). Unknown body keys and unknown query parameters are 400, except in calendar entry input, whose extra keys are kept.
- **Every response** carries \`X-Request-Id\`; with a per-credential rate limit on, every success and every 429 from it carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and every 429 \`Retry-After\`. Answers to a browser page on an allowed origin carry \`Access-Control-Allow-Origin\` and \`Access-Control-Expose-Headers\`.`;

/** One line per tag (the resource groups of the SDK, `client.<tag>`). */
export const tagDescriptions = {
  accounts: 'Accounts: the identity-provider side of users (language, notification settings).',
  bake: 'Baking: finalizing calendar entries over an inclusive date range, reading and reverting it.',
  calendars: "Calendar entries: a patient's medication intakes, one-off or recurring (RFC 5545 rules).",
  devices: 'Pill-dispensing devices, their assignment to patients and the events they report.',
  medications: 'Medications of an organization.',
  organizations: 'Organizations: the tenants every record belongs to.',
  users: 'Users of an organization: staff and patients.',
  pdf: 'Signed, expiring links to PDFs rendered from allowed pages.',
};

/**
 * Notes the schemas cannot carry: cross-field rules (zod refinements do not convert to
 * JSON Schema) and behaviour decided in /work/shared/api-decisions.md.
 */
export const operationNotes = {
  'bake.get':
    'Reads the baked schedule of one patient over the inclusive range `from`..`to`; changes nothing. `from` after `to`, or a range over 366 days: 400. The parameters may also come in a JSON body (the query string wins).',
  'bake.create':
    "Bakes every draft one-off entry dated in the range and materializes one baked entry per occurrence of each series. Target: `patient` alone; `organization` with `updateAllPatients: true`; or `updateAllPatients: true` alone (the caller's organization). `patient` with `updateAllPatients` or with `organization`, `organization` without `updateAllPatients`, or no target: 400. `from` after `to`, or a range over 366 days: 400. Baking the same range again changes nothing.",
  'bake.delete':
    'Reverts the range for one patient: materialized occurrences are removed, one-off entries return to `baked: false`. Returns the reverted entries. `from` after `to`, or a range over 366 days: 400. The parameters may also come in a JSON body (the query string wins).',
  'calendars.list': 'Paginated. Default order `createdAt` ascending, then `id`. `patient` must name a patient-role user of your organization: another role is 400, an unknown id 404.',
  'calendars.create':
    'New entries are drafts (`baked: false`). Unknown keys are kept. `patient` must name a user of role `patient` or `onlyself` (another role: 400). `rrule`, when given, is an RFC 5545 rule string (a non-string: 400) and makes the entry a series starting on `date`.',
  'calendars.replace': 'A baked entry is final: 409. Unknown keys are kept.',
  'calendars.update': 'A baked entry is final: 409. Unknown keys are kept.',
  'devices.update': 'Assigning a patient makes the device `active`; `patient: null` makes it `unassigned`.',
  'devices.events': '`DateStart` inclusive, `DateEnd` exclusive, `TypeFilter` exact; ascending by timestamp, then id. `DateEnd` before `DateStart`: 400.',
  'organizations.update': "Admin only. The body's `organization` must equal the path id (400 otherwise).",
  'users.list': "Paginated. `organization` is required; another organization's id: 403, an unknown one: 404. Default order `createdAt` ascending, then `id`.",
  'users.create': "Without `name`, the name is the local part of the e-mail. Creating a role above the caller's own: 403. Duplicate e-mail in the organization: 409.",
  'pdf.sign': '`urlPath` must be an absolute URL on the configured app_url or web_url (same scheme, host and port; no user info), else 400. The signed link needs no credential and expires.',
};
