import { readFile } from 'node:fs/promises';
import { createDatabase, type Database } from '../../db/database.js';
import { LoadRecordsError } from '../../db/records.js';
import { loadScenario, parseScenario, ScenarioError, type ScenarioCredential } from '../../scenario/scenario.js';
import { UsageError } from '../usage-error.js';

/** `--scenario FILE`: a database holding a recorded scenario, and its replay credentials. */
export async function readScenarioDatabase(path: string): Promise<{ database: Database; credentials: ScenarioCredential[] }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--scenario ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    const scenario = parseScenario(JSON.parse(text));
    const database = createDatabase();
    await loadScenario(database, scenario);
    return { database, credentials: scenario.credentials };
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof ScenarioError || error instanceof LoadRecordsError) throw new UsageError(`--scenario ${path}: ${error.message}`);
    throw error;
  }
}
