/**
 * Links to the published API reference, where a rule's decision is explained: a rule's `decision`
 * is read by whoever runs the checker against their own deployment, who has no checkout of ours
 * (a source path such as `packages/conformance/src/rules/errors.ts` means nothing there).
 */

/** `docs/api-reference.md` on the main branch of the repository named in package.json. */
export const apiReferenceUrl = 'https://github.com/medsched/medsched/blob/main/docs/api-reference.md';

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The link to a section of the API reference, by its heading as written, e.g. `Errors`. */
export function apiReferenceSection(heading: string): string {
  return `${apiReferenceUrl}#${headingAnchor(heading)}`;
}
