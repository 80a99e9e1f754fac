/**
 * A mistake in how a command was called: printed without a stack, exit code 2. Its own module,
 * below everything in `node/` that refuses a flag (environment, exposure, the commands), so that
 * refusing one never means importing the module that reads the others.
 */
export class UsageError extends Error {}
