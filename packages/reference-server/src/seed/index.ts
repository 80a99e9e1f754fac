import type { Database } from '../db/database.js';
import { seedDemo, type DemoCredential } from './demo.js';

export type SeedName = 'demo' | 'empty';
export const seedNames: readonly SeedName[] = ['demo', 'empty'];

/**
 * Seeds an empty database. With `demoKeys: false` the demo users get generated keys instead of
 * the published ones; those credentials are returned (shown once, never stored in clear).
 */
export async function seedDatabase(db: Database, seed: SeedName, options: { demoKeys?: boolean } = {}): Promise<DemoCredential[]> {
  if (seed === 'demo') return seedDemo(db, options.demoKeys === false ? 'generated' : 'demo');
  return [];
}

export { demoCredentials, type DemoCredential } from './demo.js';
export { demoId, idKinds } from './demo-data.js';
