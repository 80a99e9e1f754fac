import { ProblemError } from '../domain/operation/problems.js';

/**
 * The shape limits of a JSON body, checked on the text before it is parsed, in one pass and
 * without recursion. No real payload comes near them; a body beyond them is refused with 400
 * before anything is stored, so that every stored record can be serialized, journaled and
 * answered again (a record nested 2,200 levels deep overflowed the stack of every later read).
 */
export const jsonLimits = {
  /** Nesting of objects and arrays. */
  depth: 64,
  /** Characters of one string (keys included), as decoded: an escape counts as the character it stands for. */
  stringLength: 10_000,
  /** Items of one array. */
  arrayItems: 1_000,
  /** Keys of one object. */
  objectKeys: 1_000,
} as const;

const tooDeep = () =>
  new ProblemError('validation_failed', `body: nests deeper than ${jsonLimits.depth} levels of objects and arrays`, {
    errors: [{ path: 'body', message: `at most ${jsonLimits.depth} levels of nesting` }],
  });
const tooLong = () =>
  new ProblemError('validation_failed', `body: holds a string longer than ${jsonLimits.stringLength} characters`, {
    errors: [{ path: 'body', message: `strings of at most ${jsonLimits.stringLength} characters` }],
  });
const tooMany = (kind: 'array' | 'object') => {
  const message = kind === 'array' ? `arrays of at most ${jsonLimits.arrayItems} items` : `objects of at most ${jsonLimits.objectKeys} keys`;
  return new ProblemError('validation_failed', `body: holds ${kind === 'array' ? 'an array' : 'an object'} beyond the limit (${message})`, {
    errors: [{ path: 'body', message }],
  });
};

/**
 * Throws a 400 problem when JSON text goes beyond {@link jsonLimits}. The text need not be valid
 * JSON (the parser judges that afterwards); this only counts brackets, commas and string lengths.
 */
export function checkJsonLimits(text: string): void {
  // Per open container: whether it is an array, and how many items it has seen so far.
  const isArray: boolean[] = [];
  const items: number[] = [];
  let sawValue = false; // whether the innermost container has an item since its last comma
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      // Counted as decoded, in UTF-16 units like the field limits: an escape (`\n`, `\u0001`) is the
      // one character it stands for, so a value within its field's bound is never refused here for
      // how JSON had to write it (5,000 line breaks are 10,000 characters of text).
      let length = 0;
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x22) break;
        if (inner === 0x5c /* \ */) index += text.charCodeAt(index + 1) === 0x75 /* u */ ? 5 : 1;
        length++;
      }
      if (length > jsonLimits.stringLength) throw tooLong();
      if (!sawValue && items.length > 0) countItem(isArray, items);
      sawValue = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (!sawValue && items.length > 0) countItem(isArray, items);
      if (isArray.length >= jsonLimits.depth) throw tooDeep();
      isArray.push(char === 0x5b);
      items.push(0);
      sawValue = false;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      isArray.pop();
      items.pop();
      sawValue = true;
    } else if (char === 0x2c /* , */) {
      sawValue = false;
    } else if (char === 0x3a /* : */) {
      // After a key the value follows; it is not a new item of the object.
      sawValue = true;
    } else if (char > 0x20 && !sawValue && items.length > 0) {
      // The first character of a number, true, false or null.
      countItem(isArray, items);
      sawValue = true;
    }
  }
}

function countItem(isArray: boolean[], items: number[]): void {
  const top = items.length - 1;
  const count = (items[top] ?? 0) + 1;
  items[top] = count;
  if (isArray[top] ? count > jsonLimits.arrayItems : count > jsonLimits.objectKeys) throw tooMany(isArray[top] ? 'array' : 'object');
}
