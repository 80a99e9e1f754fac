import { ProblemError } from '../domain/operation/problems.js';

/**
 * The query string as one value per parameter. A parameter given twice (`limit=1&limit=2`) is
 * refused with 400 naming it, rather than silently taking one of them.
 */
export function readQuery(search: string): Record<string, string> {
  // No prototype: a parameter named __proto__ is a parameter like any other.
  const query = Object.create(null) as Record<string, string>;
  if (search === '') return query;
  checkPercentEncoding(search);
  for (const [name, value] of new URLSearchParams(search)) {
    if (Object.hasOwn(query, name)) {
      throw new ProblemError('validation_failed', `query parameter ${name} is given more than once; give it once`, {
        errors: [{ path: name, message: 'given more than once' }],
      });
    }
    query[name] = value;
  }
  return query;
}

/** A `%` not followed by two hex digits, or escapes that are not UTF-8: never silently kept as text. */
const percentPattern = /%/;

/** 400 naming the parameter whose name or value has malformed percent-encoding. */
function checkPercentEncoding(search: string): void {
  if (!percentPattern.test(search)) return;
  for (const pair of search.replace(/^\?/, '').split('&')) {
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      const name = pair.split('=')[0] ?? '';
      let shown: string;
      try {
        shown = decodeURIComponent(name);
      } catch {
        shown = name.slice(0, 100);
      }
      throw new ProblemError('validation_failed', `query parameter ${shown} has malformed percent-encoding (a % must start %XX escapes of UTF-8); encode the value with encodeURIComponent`, {
        errors: [{ path: shown, message: 'malformed percent-encoding' }],
      });
    }
  }
}
