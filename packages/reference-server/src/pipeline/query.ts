import { ProblemError } from '../domain/operation/problems.js';

/**
 * The query string as one value per parameter. A parameter given twice (`limit=1&limit=2`) is
 * refused with 400 naming it, rather than silently taking one of them.
 */
export function readQuery(search: string): Record<string, string> {
  // No prototype: a parameter named __proto__ is a parameter like any other.
  const query = Object.create(null) as Record<string, string>;
  if (search === '') return query;
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
