/**
 * A unified diff as lines: an added line is green with a "+", a removed one red with a "−", and
 * each also says so to a screen reader; colour is never the only sign.
 */
export type DiffLineKind = 'add' | 'remove' | 'context' | 'hunk' | 'header' | 'meta';

export function classifyDiff(diff: string): { kind: DiffLineKind; text: string }[] {
  const lines = diff.replace(/\n$/, '').split('\n');
  return lines.map((line) => {
    if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('Index:') || /^={3,}$/.test(line)) return { kind: 'header', text: line };
    if (line.startsWith('@@')) return { kind: 'hunk', text: line };
    if (line.startsWith('\\')) return { kind: 'meta', text: line };
    if (line.startsWith('+')) return { kind: 'add', text: line.slice(1) };
    if (line.startsWith('-')) return { kind: 'remove', text: line.slice(1) };
    return { kind: 'context', text: line.startsWith(' ') ? line.slice(1) : line };
  });
}

const SIGN: Record<DiffLineKind, string> = { add: '+', remove: '−', context: ' ', hunk: '', header: '', meta: '' };
const SPOKEN: Partial<Record<DiffLineKind, string>> = { add: 'Added: ', remove: 'Removed: ' };

export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = classifyDiff(diff).filter((l) => l.kind !== 'header');
  const added = lines.filter((l) => l.kind === 'add').length;
  const removed = lines.filter((l) => l.kind === 'remove').length;
  if (lines.length === 0 || (added === 0 && removed === 0)) return <p className="muted">No change in the text.</p>;
  return (
    <figure className="diff">
      <figcaption className="diff__summary">
        <span className="diff__stat diff__stat--add">+{added}</span> <span className="diff__stat diff__stat--remove">−{removed}</span>{' '}
        <span className="visually-hidden">
          {added} lines added, {removed} removed
        </span>
      </figcaption>
      {/* Focusable: a long line scrolls sideways, and a keyboard must reach that. */}
      <pre className="diff__lines" tabIndex={0} aria-label={`Changes to ${label}`}>
        {lines.map((line, i) => (
          <span key={i} className={`diff__line diff__line--${line.kind}`}>
            <span className="diff__sign" aria-hidden="true">
              {SIGN[line.kind]}
            </span>
            {SPOKEN[line.kind] ? <span className="visually-hidden">{SPOKEN[line.kind]}</span> : null}
            {line.text || ' '}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
