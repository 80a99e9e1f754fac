import type { Database } from '../db/database.js';
import { seedDemo } from './demo.js';

export type SeedName = 'demo' | 'empty';
export const seedNames: readonly SeedName[] = ['demo', 'empty'];

export async function seedDatabase(db: Database, seed: SeedName): Promise<void> {
  if (seed === 'demo') await seedDemo(db);
}

export { demoCredentials, type DemoCredential } from './demo.js';
export { demoId, idKinds } from './demo-data.js';
