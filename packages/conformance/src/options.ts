import * as z from 'zod/mini';
import { ObjectId } from '@medsched/sdk/schemas';

/** A credential a rule sends: an API key (`x-api-key`) or a bearer token (a JWT; its `sub` names the account). */
export const ConformanceCredential = z.union([
  z.strictObject({ apiKey: z.string().check(z.minLength(1), z.maxLength(512), z.regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')) }),
  z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(8192), z.regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')) }),
]);
export type ConformanceCredential = z.infer<typeof ConformanceCredential>;

/** Which credential a request goes out with: the main one (staff or admin), a patient's, another organization's, or none. */
export type CredentialRole = 'primary' | 'patient' | 'otherOrganization' | 'none';

/** The credentials of a run: `primary` is required, the others unlock the role and tenancy rules. */
export const ConformanceCredentials = z.strictObject({
  /** Staff or admin of the organization under test. */
  primary: ConformanceCredential,
  /** A patient of the same organization (role rules, patient list scope). */
  patient: z.optional(ConformanceCredential),
  /** Staff or admin of another organization (tenancy rules). */
  otherOrganization: z.optional(ConformanceCredential),
});
export type ConformanceCredentials = z.infer<typeof ConformanceCredentials>;

const ruleName = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[a-z0-9.-]+$/, 'a rule id or group, e.g. tenancy or bake.round-trip'));
const headerValue = z.string().check(z.maxLength(1000), z.regex(/^[\x20-\x7e]*$/, 'printable ASCII'));

/** What `checkConformance` takes, apart from functions (`fetch`, `onResult`). Every field has a bound. */
export const ConformanceSettings = z.strictObject({
  /** The API's base address, ending in /v1, e.g. `https://staging.example/v1`. */
  baseUrl: z.string().check(
    z.maxLength(2048),
    z.refine((value) => /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value), 'an absolute http(s) URL, e.g. https://staging.example/v1'),
  ),
  credentials: ConformanceCredentials,
  /** Send no write at all (for production): the rules that write are skipped. Default false. */
  readOnly: z.optional(z.boolean()),
  /** The main credential's organization; checked against the deployment before it is used. */
  organization: z.optional(ObjectId),
  /** Only these rules or groups (`tenancy`, `bake.round-trip`); the rules they need run too. */
  only: z.optional(z.array(ruleName).check(z.maxLength(100))),
  /** Milliseconds one request may take (default 15 000). */
  timeoutMs: z.optional(z.int().check(z.minimum(1), z.maximum(120_000))),
  /** Extra headers on every request, e.g. a client name. */
  headers: z.optional(z.record(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'a lower-case header name')), headerValue)),
});
export type ConformanceSettings = z.infer<typeof ConformanceSettings>;
