/**
 * ANSI/VT escape sequences (CSI, OSC, other ESC sequences) and C0/C1 control characters
 * except tab and line breaks. Text from the server is data: a title holding `\e[31m` must not
 * colour (or retitle, or clear) the user's terminal.
 */
const escapeSequence = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/**
 * Unicode bidirectional controls (Trojan Source, CVE-2021-42574): the Arabic letter mark, the
 * left-to-right and right-to-left marks, embeddings, overrides and isolates. A name holding
 * U+202E prints `Clara ‮gnp.exe‬ Claus` as "Clara exe.png Claus": what a person reads would
 * differ from what is stored, so they are never printed.
 */
const bidiControl = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Server text made safe to print: escape sequences removed, other control and bidi characters dropped. */
export function cleanText(text: string): string {
  return text.replace(escapeSequence, '').replace(controlCharacter, '').replace(bidiControl, '');
}

/**
 * What JSON.stringify leaves raw that a terminal acts on: C1 controls (U+0080–U+009F, e.g. the
 * one-byte CSI U+009B), bidi controls, and the line and paragraph separators.
 */
const rawInJson = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text with those characters written as `\uXXXX` escapes: the same JSON value (a script
 * reading it gets the stored string back, byte for byte), but nothing a terminal would obey.
 * JSON keeps them, escaped, rather than dropping them, because scripts write JSON values back.
 */
export function escapeJsonText(json: string): string {
  return json.replace(rawInJson, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
