/**
 * The schema compiler where the SDK runs on Node: zod's ahead-of-time compiler (`z.compile`),
 * which turns a schema into one generated function; an input it refuses goes to zod's own parser,
 * so issues read exactly the same. Chosen through the package's `imports` map (`#schema-compiler`,
 * condition `node`); browsers get default.ts.
 */
import { compile } from 'zod/mini';

export const compileSchema: <S extends Parameters<typeof compile>[0]>(schema: S) => S = compile;
