/**
 * The file as text, one click from the form: a text area checked as it is typed with the same
 * validators as the form (and the site's problems for this file), each problem with its line and
 * column; choosing one puts the cursor there. Text that is not JSON yet is kept as typed (it is
 * saved as a draft too) and the form waits until it parses.
 */
import { useId, useMemo, useRef } from 'react';
import { pointerPosition, valueOffsets, type ParseResult } from './json-text';
import type { PointerProblem } from './problems';

export interface RawJsonViewProps {
  text: string;
  parsed: ParseResult;
  problems: readonly PointerProblem[];
  readOnly: boolean;
  onChange(text: string): void;
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl === -1) break;
    offset = nl + 1;
  }
  return offset + column - 1;
}

export function RawJsonView({ text, parsed, problems, readOnly, onChange }: RawJsonViewProps) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const located = useMemo(() => {
    if (!parsed.ok) return [{ line: parsed.line, column: parsed.column, message: parsed.message, pointer: '' }];
    const offsets = valueOffsets(text);
    return problems.map((p) => ({ ...pointerPosition(offsets, text, p.pointer), message: p.message, pointer: p.pointer })).sort((a, b) => a.line - b.line || a.column - b.column);
  }, [text, parsed, problems]);

  const goTo = (line: number, column: number) => {
    const el = area.current;
    if (!el) return;
    const at = offsetOf(text, line, column);
    el.focus();
    el.setSelectionRange(at, at);
    // Bring the line into view: the text area scrolls by lines of its own line height.
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 18;
    el.scrollTop = Math.max(0, (line - 3) * lineHeight);
  };

  return (
    <div className="studio-raw">
      <label htmlFor={`${id}-text`} className="studio-raw__label">
        The file as JSON
      </label>
      <textarea
        ref={area}
        id={`${id}-text`}
        className="studio-raw__text"
        value={text}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        readOnly={readOnly}
        aria-invalid={located.length > 0}
        aria-describedby={`${id}-problems`}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          // Tab indents (two spaces) rather than leaving; Escape then Tab leaves as usual.
          if (e.key === 'Tab' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !readOnly && (e.currentTarget.dataset['escaped'] !== 'yes')) {
            e.preventDefault();
            const el = e.currentTarget;
            const { selectionStart: s, selectionEnd: t } = el;
            onChange(`${text.slice(0, s)}  ${text.slice(t)}`);
            requestAnimationFrame(() => el.setSelectionRange(s + 2, s + 2));
          }
          e.currentTarget.dataset['escaped'] = e.key === 'Escape' ? 'yes' : 'no';
        }}
      />
      <div id={`${id}-problems`} className="studio-raw__problems" aria-live="polite">
        {located.length === 0 ? (
          <p className="studio-ok">No problems in this file’s JSON.</p>
        ) : (
          <>
            <p>{parsed.ok ? `${located.length === 1 ? '1 problem' : `${located.length} problems`}:` : 'This is not JSON yet:'}</p>
            <ul>
              {located.map((p) => (
                <li key={`${p.line}:${p.column} ${p.message}`}>
                  <button type="button" className="studio-link" onClick={() => goTo(p.line, p.column)}>
                    Line {p.line}, column {p.column}
                  </button>{' '}
                  {p.pointer && <code>{p.pointer}</code>} {p.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
