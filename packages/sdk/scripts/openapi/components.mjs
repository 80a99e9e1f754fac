/**
 * components.schemas: only the components the document refers to (directly or through other
 * components), so that request-only query objects and unused ids do not clutter it.
 */
import { isInlineKey } from './contract.mjs';
import { componentNameOf, INPUT_SUFFIX, refsIn } from './refs.mjs';

export function usedComponents(document, contract) {
  const schemaOf = (name) => {
    if (name in contract.output) return contract.output[name];
    const base = name.endsWith(INPUT_SUFFIX) ? name.slice(0, -INPUT_SUFFIX.length) : undefined;
    if (base !== undefined && contract.inputName(base) === name) return contract.input[base];
    throw new Error(`unresolvable component ${name}`);
  };
  const used = {};
  const pending = [...refsIn(document)].map(componentNameOf).filter(Boolean);
  while (pending.length) {
    const name = pending.pop();
    if (name in used) continue;
    if (isInlineKey(name)) throw new Error(`a schema refers to the id-less catalogue schema ${name}`);
    used[name] = schemaOf(name);
    for (const ref of refsIn(used[name])) {
      const next = componentNameOf(ref);
      if (next) pending.push(next);
    }
  }
  return Object.fromEntries(
    Object.keys(used)
      .sort()
      .map((name) => [name, used[name]]),
  );
}
