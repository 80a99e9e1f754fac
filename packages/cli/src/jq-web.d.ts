/** jq-web ships no types: a promise of jq's two entry points (see its README). */
declare module 'jq-web' {
  const jq: Promise<{ json(value: unknown, filter: string): unknown; raw(json: string, filter: string, flags?: string[]): string }>;
  export default jq;
}
