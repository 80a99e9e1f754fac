/**
 * ANSI/VT escape sequences (CSI, OSC, other ESC sequences) and C0/C1 control characters
 * except tab and line breaks. Text from the server is data: a title holding `\e[31m` must not
 * colour (or retitle, or clear) the user's terminal.
 */
// eslint-disable-next-line no-control-regex
const escapeSequence = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Server text made safe to print: escape sequences removed, other control characters dropped. */
export function cleanText(text: string): string {
  return text.replace(escapeSequence, '').replace(controlCharacter, '');
}
