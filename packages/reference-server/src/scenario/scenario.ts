import { z } from 'zod';
import type { Database } from '../db/database.js';
import { loadRecords } from '../db/records.js';

export const scenarioFormat = 'medsched-scenario/1';

/** A credential the scenario made for replaying: not a credential of the recorded service. */
export const ScenarioCredential = z.object({
  apiKey: z.string().startsWith('msk_scenario_'),
  email: z.string(),
  role: z.enum(['admin', 'user', 'patient', 'onlyself']),
  organizationId: z.string(),
  userId: z.string(),
  accountId: z.string(),
});
export type ScenarioCredential = z.infer<typeof ScenarioCredential>;

/**
 * Seed data made from recorded traffic (`medsched-server proxy --record DIR`): the records the
 * recorded answers showed, table by table in the reference server's stored form, and one replay
 * credential per recorded organization. Loadable by the reference server (`--scenario FILE`) and
 * the mock server (`setupMockApi({ seed: scenario })`).
 */
export const Scenario = z.object({
  format: z.literal(scenarioFormat),
  recordedAt: z.string(),
  /** The recorded service's origin, for people; nothing reads it. */
  target: z.string().optional(),
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  credentials: z.array(ScenarioCredential),
});
export type Scenario = z.infer<typeof Scenario>;

/** Thrown when a file or value is not a scenario this version can load; `message` says which part. */
export class ScenarioError extends Error {
  readonly code = 'invalid_scenario';
  override readonly name = 'ScenarioError';
}

/** Checks that `value` is a scenario (a parsed `scenario.json`), naming the first wrong field. */
export function parseScenario(value: unknown): Scenario {
  const parsed = Scenario.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScenarioError(`not a ${scenarioFormat} scenario: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
  }
  return parsed.data;
}

/** Fills an empty database with the scenario's records (each checked against its model, indexes built). */
export async function loadScenario(db: Database, scenario: Scenario): Promise<void> {
  await loadRecords(db, parseScenario(scenario).records);
}
