/** Names and `$ref`s of the document's schema components, shared by the modules that build it. */

export const componentRef = (name) => `#/components/schemas/${name}`;
/** Suffix of a component's request-side variant, used only when it differs from the response side. */
export const INPUT_SUFFIX = 'Input';

/** Every `$ref` target named anywhere inside a JSON value. */
export function refsIn(value, found = new Set()) {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === 'object') {
    if (typeof value.$ref === 'string') found.add(value.$ref);
    for (const child of Object.values(value)) refsIn(child, found);
  }
  return found;
}

export const componentNameOf = (ref) => (ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined);
