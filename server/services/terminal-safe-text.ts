/**
 * Text a visitor typed, made safe to print to an operator's terminal or spreadsheet. A submission
 * can carry C0 and C1 control characters (ESC sequences that retitle the terminal, clear the screen
 * or rewrite what was printed before; a bare CR that overwrites a line); each is shown as a visible
 * `\xHH` escape instead, so what the operator reads is what was stored.
 */

// C0 (U+0000-U+001F), DEL and C1 (U+0080-U+009F).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// The same, less the line breaks and tab a multi-line answer legitimately holds (a CSV cell keeps them, quoted).
const CONTROL_BUT_LINE_BREAKS = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

function escaped(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** Every control character escaped: for one line of a terminal table. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** Control characters escaped except tab, LF and CRLF: for a CSV cell. */
export function terminalSafeKeepingLineBreaks(text: string): string {
  return text.replace(CONTROL_BUT_LINE_BREAKS, escaped);
}
