/**
 * The one format a published definition is written in, so that `git diff` of the content folder
 * shows only what changed, whoever or whatever wrote the draft (the studio's forms, its raw-JSON
 * view, a text editor).
 *
 * The format follows from the value alone: the text is parsed and printed compact, then Prettier's
 * JSON printer lays it out at 120 columns with `objectWrap: 'collapse'` (an object or array that
 * fits on its line stays on it, one that does not gets a line per entry). Keeping Prettier's
 * default of honouring a newline after `{` would keep each author's layout instead, and a draft
 * serialised fully expanded by a form editor would then rewrite every compact object of the file.
 * 120 columns changed the fewest lines of the demo content of the value-determined widths measured
 * (100 to 200), which was reformatted once into this format (docs/studio.md#formatting).
 */
import { format } from 'prettier';

export const CONTENT_PRINT_WIDTH = 120;

/** The canonical text of a definition; throws a SyntaxError when the text is not JSON. */
export async function formatDefinition(text: string): Promise<string> {
  const compact = JSON.stringify(JSON.parse(text));
  return format(compact, { parser: 'json', printWidth: CONTENT_PRINT_WIDTH, objectWrap: 'collapse', endOfLine: 'lf' });
}

/** The canonical text, or null when the text is not JSON (its problems say why). */
export async function formatDefinitionOrNull(text: string): Promise<string | null> {
  try {
    return await formatDefinition(text);
  } catch {
    return null;
  }
}
