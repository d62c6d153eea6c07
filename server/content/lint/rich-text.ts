/**
 * A rich-text block keeps only a small safe subset of HTML (schemas/blocks/rich-text-policy.ts); the
 * rest is dropped when the page is rendered. So that the operator sees it before a visitor does, the
 * lint runs the same sanitiser with the same options and names, at the block's html, every tag,
 * attribute and link it would drop.
 */
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_KEPT_WORDS, RICH_TEXT_TAGS, richTextHrefAllowed, richTextSanitizeOptions } from '../../../schemas/blocks/rich-text-policy';
import type { DefinitionProblem } from '../definition-problem';
import { isRecord, walkJson } from './json-pointer';
import { parsedFilesOf, type LintInput } from './lint-input';

const KEPT = new Set<string>(RICH_TEXT_TAGS);
const WITH_CONTENT = new Set<string>(RICH_TEXT_DROPPED_WITH_CONTENT);

/** What the sanitiser would drop from this HTML, in words, each once, in order of appearance. */
export function droppedRichText(html: string): string[] {
  const dropped = new Set<string>();
  sanitizeHtml(html, {
    ...richTextSanitizeOptions,
    onOpenTag: (name, attribs) => {
      if (!KEPT.has(name)) {
        dropped.add(WITH_CONTENT.has(name) ? `<${name}> with its content` : `<${name}>`);
        return;
      }
      for (const [attribute, value] of Object.entries(attribs)) {
        if (name === 'a' && attribute === 'href') {
          if (!richTextHrefAllowed(value)) dropped.add(`the link "${value}"`);
        } else if (!(name === 'a' && attribute === 'rel')) {
          dropped.add(`the ${attribute} attribute of <${name}>`);
        }
      }
    },
  });
  return [...dropped];
}

export function checkRichText(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const file of parsedFilesOf(input)) {
    if (input.schemaOf.get(file) !== 'page') continue;
    walkJson(input.files.get(file), (value, pointer) => {
      if (!isRecord(value) || value.type !== 'rich-text' || typeof value.html !== 'string') return;
      const dropped = droppedRichText(value.html);
      if (dropped.length === 0) return;
      problems.push({
        file,
        pointer: `${pointer}/html`,
        message: `has HTML the page would drop: ${dropped.join(', ')}. Rich text keeps ${RICH_TEXT_KEPT_WORDS}`,
      });
    });
  }
  return problems;
}
