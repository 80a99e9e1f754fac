// TypeScript consumers: the stated floor and the latest release, each under every module
// resolution, with skipLibCheck false (so the SDK's own declarations, and zod's, are checked).
import { binPath, run } from '../processes.mjs';

/** The TypeScript floor stated in the README. */
export const typescriptFloor = '5.5';
/** The newest 5.x (what most projects still have) and the latest release (7.x, the native port). */
export const typescriptVersions = [typescriptFloor, '5.9', '7'];

/** A TypeScript consumer: both entry points, a call's types, a typed error. */
const usage = `
import { createClient, NotFoundError, type CalendarEntry } from '@medsched/sdk';
import { CalendarEntryCreateInput } from '@medsched/sdk/schemas';
const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'k' });
export async function run(): Promise<string> {
  const entry: CalendarEntry = await client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6');
  const parsed = CalendarEntryCreateInput.safeParse({ patient: entry.patient });
  try {
    await client.medications.get('000000000000000000000000');
  } catch (error) {
    if (error instanceof NotFoundError) return error.code;
  }
  return parsed.success ? entry.id : 'invalid';
}
`;

const compilerOptions = { target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['es2022', 'dom'] };
/**
 * moduleResolution → [tsconfig options, file]: node16 reads usage.ts as CommonJS (no "type" in
 * package.json), nodenext usage.mts as ESM. node10 with `esModuleInterop` (as `tsc --init` sets
 * it): without it, zod's own declarations fail to check (TS1259 in zod/v4/locales), SDK or not.
 */
const resolutions = {
  node10: [{ module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true }, 'usage.ts'],
  node16: [{ module: 'node16', moduleResolution: 'node16' }, 'usage.ts'],
  nodenext: [{ module: 'nodenext', moduleResolution: 'nodenext' }, 'usage.mts'],
  bundler: [{ module: 'esnext', moduleResolution: 'bundler' }, 'usage.ts'],
};

/**
 * The resolutions a TypeScript major still has: 7 removed node10 (`moduleResolution: node10` is
 * an error of the compiler itself, whatever the package), so that cell does not exist there.
 */
const resolutionsOf = (version) => Object.keys(resolutions).filter((resolution) => !(resolution === 'node10' && Number(version.split('.')[0]) >= 7));

/** One tsc cell: passes when tsc reports nothing. */
function typescriptCell(version, resolution) {
  return {
    label: `TypeScript ${version}, moduleResolution ${resolution}, skipLibCheck false`,
    run: async (ctx) => [{ name: `tsc ${resolution}`, ok: true, detail: (await run(ctx.dir, binPath(ctx.dir, 'tsc'), ['-p', `tsconfig.${resolution}.json`])).trim() || 'no errors' }],
  };
}

/** The project of one TypeScript version: the consumer file and a tsconfig per resolution. */
export const typescriptProject = (version) => ({
  deps: [`typescript@${version}`],
  files: Object.fromEntries([
    ['usage.ts', usage],
    ['usage.mts', usage],
    ...resolutionsOf(version).map((resolution) => {
      const [options, file] = resolutions[resolution];
      return [`tsconfig.${resolution}.json`, JSON.stringify({ compilerOptions: { ...compilerOptions, ...options }, files: [file] })];
    }),
  ]),
  cells: Object.fromEntries(resolutionsOf(version).map((resolution) => [`ts${version}-${resolution}`, typescriptCell(version, resolution)])),
});
