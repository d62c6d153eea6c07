/**
 * A cabinet list from a file, in the quote builder: the CSV of code, quantity and finish that
 * kitchen design software exports, read by the server (POST /api/studio/quotes/import) into lines
 * of one style. The lines it could read are added; each row it could not is listed with its number
 * and what it may have meant ("did you mean"), so nothing is dropped in silence.
 */
import { useState } from 'react';
import type { CabinetListRead, CabinetStyle } from '../api/back-office-quotes';
import { StudioApiError } from '../api/studio-client';
import { Alert } from '../app/ui';
import { useQuotesClient } from './quote-client';
import { finishKey } from './quote-draft';

const MAX_FILE_BYTES = 90_000;

export function QuoteCabinetImport({ onImport }: { onImport(lines: CabinetListRead['lines']): void }) {
  const client = useQuotesClient();
  const [open, setOpen] = useState(false);
  const [styles, setStyles] = useState<CabinetStyle[] | null>(null);
  const [style, setStyle] = useState('');
  const [finish, setFinish] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const [problems, setProblems] = useState<CabinetListRead['problems']>([]);
  const chosen = styles?.find((s) => s.name === style);

  const show = () => {
    setOpen(true);
    if (styles) return;
    client.styles().then(
      (list) => {
        setStyles(list);
        setStyle(list[0]?.name ?? '');
      },
      () => setAlert('The styles could not be loaded. Try again in a moment.'),
    );
  };

  const read = async () => {
    if (busy) return;
    setAlert('');
    setProblems([]);
    if (!file) return setAlert('Choose the CSV file of the cabinet list.');
    if (file.size > MAX_FILE_BYTES) return setAlert('The file is too large: a cabinet list is up to 90,000 characters.');
    setBusy(true);
    try {
      const f = chosen?.finishes.find((x) => finishKey(x) === finish);
      const answer = await client.importList({ csv: await file.text(), style, ...(f ? { finish: { type: f.type, value: f.value } } : {}) });
      onImport(answer.lines);
      setProblems(answer.problems);
      const added = `${answer.lines.length} ${answer.lines.length === 1 ? 'line' : 'lines'} added`;
      const missed = answer.problems.length === 1 ? '1 row could not be read' : `${answer.problems.length} rows could not be read`;
      setAlert(answer.problems.length ? `${added}; ${missed} (listed below).` : `${added}.`);
    } catch (error) {
      setAlert(error instanceof StudioApiError ? error.message : 'The list could not be read. Try again in a moment.');
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <button type="button" className="button button--ghost button--small quote-import__open" onClick={show}>
        Import a cabinet list (CSV)
      </button>
    );
  return (
    <fieldset className="quote-import">
      <legend className="field__label">Import a cabinet list (CSV of code, quantity, finish)</legend>
      <div className="quote-import__fields">
        <div className="field">
          <label className="field__label" htmlFor="quote-import-style">
            Style
          </label>
          <select id="quote-import-style" className="field__input" value={style} onChange={(e) => setStyle(e.target.value)}>
            {(styles ?? []).map((s) => (
              <option key={s.name} value={s.name}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="quote-import-finish">
            Finish of rows that name none
          </label>
          <select id="quote-import-finish" className="field__input" value={finish} onChange={(e) => setFinish(e.target.value)}>
            <option value="">None: each row names its own</option>
            {(chosen?.finishes ?? []).map((f) => (
              <option key={finishKey(f)} value={finishKey(f)}>
                {f.label} ({f.type})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="quote-import-file">
            File
          </label>
          <input id="quote-import-file" className="field__input" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <button type="button" className="button button--small" aria-busy={busy || undefined} onClick={() => void read()}>
          {busy ? 'Reading…' : 'Read the list'}
        </button>
      </div>
      <Alert>{alert}</Alert>
      {problems.length ? (
        <ul className="quote-import__problems" aria-label="Rows not read">
          {problems.map((p) => (
            <li key={p.row}>
              Row {p.row} ({p.text}): {p.message}
              {p.suggestion ? <strong> Did you mean {p.suggestion}?</strong> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
