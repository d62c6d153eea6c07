/**
 * The rich-text toolbar's edits as pure functions of the text and the selection: each wraps the
 * selection in one element of the allowed subset (paragraphs, headings, bold, italic, links, lists)
 * and says where the selection goes afterwards. No HTML is parsed; the server sanitises what is saved.
 */

export interface TextEdit {
  text: string;
  start: number;
  end: number;
}

export type RichTextCommand = 'bold' | 'italic' | 'heading' | 'subheading' | 'paragraph' | 'bullets' | 'numbers' | { link: string };

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function wrapInline(text: string, start: number, end: number, open: string, close: string): TextEdit {
  const inner = text.slice(start, end);
  const next = text.slice(0, start) + open + inner + close + text.slice(end);
  return { text: next, start: start + open.length, end: start + open.length + inner.length };
}

/** The whole lines the selection touches. */
function lineRange(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  return [from, nl === -1 ? text.length : nl];
}

function wrapBlock(text: string, start: number, end: number, make: (lines: string[]) => string): TextEdit {
  const [from, to] = lineRange(text, start, end);
  const lines = text.slice(from, to).split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const block = make(lines.length ? lines : ['']);
  return { text: text.slice(0, from) + block + text.slice(to), start: from, end: from + block.length };
}

export function applyRichTextCommand(text: string, start: number, end: number, command: RichTextCommand): TextEdit {
  if (typeof command === 'object') return wrapInline(text, start, end, `<a href="${escapeAttribute(command.link)}">`, '</a>');
  switch (command) {
    case 'bold':
      return wrapInline(text, start, end, '<strong>', '</strong>');
    case 'italic':
      return wrapInline(text, start, end, '<em>', '</em>');
    case 'heading':
      return wrapBlock(text, start, end, (lines) => `<h2>${lines.join(' ')}</h2>`);
    case 'subheading':
      return wrapBlock(text, start, end, (lines) => `<h3>${lines.join(' ')}</h3>`);
    case 'paragraph':
      return wrapBlock(text, start, end, (lines) => lines.map((l) => `<p>${l}</p>`).join('\n'));
    case 'bullets':
      return wrapBlock(text, start, end, (lines) => `<ul>\n${lines.map((l) => `  <li>${l}</li>`).join('\n')}\n</ul>`);
    case 'numbers':
      return wrapBlock(text, start, end, (lines) => `<ol>\n${lines.map((l) => `  <li>${l}</li>`).join('\n')}\n</ol>`);
  }
}
