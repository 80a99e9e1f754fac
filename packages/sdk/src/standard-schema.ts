/**
 * What the SDK can check a value with: a zod schema, or anything with zod's `safeParse`. Its own
 * module at the bottom of the transport layer, so that the schema compiler and the transport
 * use it without reaching up to the client (which re-exports it).
 */
export interface StandardSchema<T = unknown> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}
