/**
 * "Finish of every line": one finish for the whole kitchen at once (a customer who wants it all in
 * navy), rather than line by line. Offered when the lines may be made in more than one finish; the
 * lines whose style lacks the finish keep theirs, and the builder says how many. The server prices
 * the lines again after the change, as after any other.
 */
import { useId, useState } from 'react';
import type { CatalogOption } from '../api/back-office-quotes';
import { finishKey } from './quote-draft';

export function QuoteEveryLineFinish({ finishes, onApply }: { finishes: readonly CatalogOption[]; onApply(key: string, label: string): void }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  if (finishes.length < 2) return null;
  return (
    <div className="quote-every-finish" role="group" aria-labelledby={`${id}-title`}>
      <label className="field__label" id={`${id}-title`} htmlFor={id}>
        Finish of every line
      </label>
      <div className="quote-every-finish__row">
        <select id={id} className="field__input" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a finish</option>
          {finishes.map((f) => (
            <option key={finishKey(f)} value={finishKey(f)}>
              {`${f.label} (${f.type})`}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small"
          disabled={!chosen}
          onClick={() => {
            const finish = finishes.find((f) => finishKey(f) === chosen);
            if (finish) onApply(chosen, finish.label);
          }}
        >
          Apply to all lines
        </button>
      </div>
    </div>
  );
}
