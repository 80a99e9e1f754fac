/**
 * Server text made inert for a terminal or a log: what a server writes into a problem's `code`
 * or `detail`, a redirect's Location or a body that is not JSON may hold escape sequences (that
 * recolour, retitle or clear a terminal), a carriage return (that prints over what came before)
 * or bidirectional overrides (U+202E turns `5 mg` into what reads as another amount). Errors keep
 * the raw text in a field of their own and put only this in `message`.
 */

/**
 * C0 and C1 controls and DEL, and the bidirectional formatting characters: embeddings and
 * overrides (U+202A–202E), isolates (U+2066–2069), the marks (U+200E, U+200F, U+061C).
 */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control and bidi formatting character replaced by a space (so words stay apart). */
export function inertText(text: string): string {
  return text.replace(unsafe, ' ');
}

/** Inert text cut to at most `max` characters (an ellipsis marks the cut), for one line of a message. */
export function inertExcerpt(text: string, max: number): string {
  const inert = inertText(text).replace(/ {2,}/g, ' ').trim();
  return inert.length <= max ? inert : `${inert.slice(0, max - 1)}…`;
}
