import { inspect } from 'node:util';

export const API_KEY = 'msk_live_SECRET_apikey_7f3a9c';
export const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.SECRET_bearer_token.c2lnbmF0dXJl';

/**
 * Every string reachable from `value`: own properties (enumerable or not, symbols too),
 * prototype getters of errors, causes, Headers, Maps, Sets and arrays.
 */
export function reachableStrings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return [String(value)];
  if (typeof value === 'function') return [];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const out: string[] = [];
  if (value instanceof Headers) {
    value.forEach((v, k) => out.push(k, v));
    return out;
  }
  if (value instanceof Map) {
    for (const [k, v] of value) out.push(...reachableStrings(k, seen), ...reachableStrings(v, seen));
    return out;
  }
  if (value instanceof Set) {
    for (const v of value) out.push(...reachableStrings(v, seen));
    return out;
  }
  for (const key of Reflect.ownKeys(value)) {
    out.push(String(key));
    let property: unknown;
    try {
      property = (value as Record<PropertyKey, unknown>)[key];
    } catch {
      continue;
    }
    out.push(...reachableStrings(property, seen));
  }
  // Getters on the prototype chain (e.g. `code` defined on a class) of the SDK's own objects.
  for (let proto = Object.getPrototypeOf(value) as object | null; proto && proto !== Object.prototype && proto !== Error.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (descriptor.get) {
        try {
          out.push(key, ...reachableStrings((value as Record<string, unknown>)[key], seen));
        } catch {
          // a getter that throws shows nothing
        }
      }
    }
  }
  return out;
}

/** Every way an error can be shown: message, String(), JSON, util.inspect, stack and all reachable properties. */
export function renderings(error: unknown): string[] {
  const err = error as Error;
  return [err.message, String(err), JSON.stringify(err), inspect(err, { depth: Infinity, showHidden: true, getters: true }), err.stack, ...reachableStrings(err)].filter(
    (text): text is string => typeof text === 'string',
  );
}

/** Asserts that none of the secrets appears anywhere in what the error shows or holds. */
export function leaks(error: unknown, secrets: string[] = [API_KEY, TOKEN, 'SECRET_']): string[] {
  const found: string[] = [];
  for (const text of renderings(error)) {
    for (const secret of secrets) if (text.includes(secret)) found.push(`${secret} in ${text.slice(0, 200)}`);
  }
  return found;
}
