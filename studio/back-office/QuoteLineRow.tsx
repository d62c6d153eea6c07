/**
 * One line of the quote builder, with the fields its kind reads: a cabinet's quantity, finish and
 * modifications; a countertop's square feet (or length × depth in inches), edge and cut-outs; a
 * service's quantity or linear feet; a free line's description and price. Every line has its room
 * or wall and its notes. Under the fields, the line as the customer will read it, in the words of
 * every page (schemas/evaluators/quote-lines.ts), from the server's last price.
 */
import { MAX_LINE_QTY } from '../../schemas/api/back-office-quotes';
import { lineWords } from '../../schemas/evaluators/quote-lines';
import { formatMoney } from '../../schemas/money';
import type { CatalogLine, QuotePrice } from '../api/back-office-quotes';
import { Field } from '../app/ui';
import { finishChoices, finishKey, lineName, type LineDraft } from './quote-draft';

type Patch = Partial<Omit<LineDraft, 'key' | 'item'>>;

const PER = { list: 'list', each: 'each', sqft: 'per sq ft', ft: 'per linear foot', fixed: 'fixed price' } as const;

/** What the catalog says of the line under its name: code, style, and its price with what it is per. */
function meta(item: CatalogLine): string {
  const parts = [item.code, item.styleTitle, `${formatMoney(item.price)} ${PER[item.priceUnit]}`];
  return parts.filter(Boolean).join(' · ');
}

function Choice({ id, label, value, error, options, onChange }: { id: string; label: string; value: string; error: string | undefined; options: { value: string; label: string }[]; onChange(value: string): void }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function QuoteLineRow({
  line,
  index,
  priced,
  errors,
  mayPrice,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  priced: QuotePrice['lines'][number] | undefined;
  errors: Record<string, string>;
  /** A publisher or an admin: may change a free line's words, price and quantity (others keep it as it is). */
  mayPrice: boolean;
  onChange(patch: Patch, ...fields: string[]): void;
  onRemove(): void;
}) {
  const { item } = line;
  const name = lineName(line);
  const err = (field: string) => errors[`lines.${index}.${field}`];
  const id = (field: string) => `quote-line-${line.key}-${field}`;
  const set = (field: keyof Patch, value: Patch[keyof Patch]) => onChange({ [field]: value } as Patch, field);
  // A free line a publisher added stays as it is for an editor: the server refuses a change of it.
  const fixed = !item && !mayPrice;
  const qty = (
    <Field className="quote-line__qty" label="Quantity" inputMode="numeric" name={`lines.${index}.qty`} maxLength={String(MAX_LINE_QTY).length} value={line.qty} error={err('qty')} aria-label={`Quantity of ${name}`} readOnly={fixed} onChange={(e) => set('qty', e.target.value)} />
  );
  const words = priced ? lineWords(priced) : null;

  let fields;
  if (!item) {
    fields = (
      <>
        <Field className="quote-line__description" label="Description" name={`lines.${index}.description`} maxLength={200} value={line.description} error={err('description')} readOnly={fixed} onChange={(e) => set('description', e.target.value)} />
        <Field className="quote-line__price" label="Unit price ($)" inputMode="decimal" name={`lines.${index}.price`} maxLength={12} value={line.price} error={err('price')} readOnly={fixed} onChange={(e) => set('price', e.target.value)} />
        {qty}
      </>
    );
  } else if (item.kind === 'countertop') {
    fields = (
      <>
        <Choice id={id('measure')} label="Measured by" value={line.measure} error={undefined} options={[{ value: 'sqft', label: 'Square feet' }, { value: 'size', label: 'Length × depth (inches)' }]} onChange={(v) => onChange({ measure: v === 'size' ? 'size' : 'sqft' }, 'sqft')} />
        {line.measure === 'sqft' ? (
          <Field className="quote-line__qty" label="Square feet" inputMode="decimal" name={`lines.${index}.sqft`} maxLength={8} value={line.sqft} error={err('sqft')} aria-label={`Square feet of ${name}`} onChange={(e) => set('sqft', e.target.value)} />
        ) : (
          <>
            <Field className="quote-line__qty" label="Length (in)" inputMode="decimal" name={`lines.${index}.length`} maxLength={6} value={line.length} error={err('length') ?? err('sqft')} onChange={(e) => onChange({ length: e.target.value }, 'length', 'sqft')} />
            <Field className="quote-line__qty" label="Depth (in)" inputMode="decimal" name={`lines.${index}.depth`} maxLength={6} value={line.depth} error={err('depth')} onChange={(e) => onChange({ depth: e.target.value }, 'depth', 'sqft')} />
          </>
        )}
        <Choice id={id('edge')} label="Edge" value={line.edge} error={err('edge')} options={item.edges.map((e) => ({ value: e.code, label: e.label }))} onChange={(v) => set('edge', v)} />
        {item.cutouts.map((c) => (
          <Field
            key={c.code}
            className="quote-line__qty"
            label={c.label}
            inputMode="numeric"
            name={`lines.${index}.cutouts.${c.code}`}
            maxLength={2}
            value={line.cutouts[c.code] ?? ''}
            error={err(`cutouts.${c.code}`)}
            onChange={(e) => onChange({ cutouts: { ...line.cutouts, [c.code]: e.target.value } }, 'cutouts')}
          />
        ))}
      </>
    );
  } else if (item.kind === 'service') {
    fields =
      item.unit === 'linear-foot' ? (
        <Field className="quote-line__qty" label="Linear feet" inputMode="decimal" name={`lines.${index}.feet`} maxLength={8} value={line.feet} error={err('feet')} aria-label={`Linear feet of ${name}`} onChange={(e) => set('feet', e.target.value)} />
      ) : item.unit === 'fixed' ? null : (
        qty
      );
  } else {
    const choices = finishChoices(item);
    fields = (
      <>
        {qty}
        {item.finish ? (
          <p className="quote-line__finish quote-line__finish--own">
            <span className="field__label">Finish</span>
            <span className="quote-line__finish-value">{item.finish.label}</span>
          </p>
        ) : choices.length ? (
          <Choice id={id('finish')} label="Finish" value={line.finish} error={err('finish')} options={[{ value: '', label: 'Choose a finish' }, ...choices.map((f) => ({ value: finishKey(f), label: `${f.label} (${f.type})` }))]} onChange={(v) => set('finish', v)} />
        ) : null}
        {item.modifications.length ? (
          <fieldset className={`quote-line__mods${err('modifications') ? ' field--invalid' : ''}`}>
            <legend className="field__label">Modifications</legend>
            {item.modifications.map((m) => (
              <label key={m.code} className="check">
                <input
                  type="checkbox"
                  checked={line.modifications.includes(m.code)}
                  onChange={(e) => onChange({ modifications: e.target.checked ? [...line.modifications, m.code] : line.modifications.filter((c) => c !== m.code) }, 'modifications')}
                />
                {m.label} ({m.code})
              </label>
            ))}
            {err('modifications') ? <p className="field__error">{err('modifications')}</p> : null}
          </fieldset>
        ) : null}
      </>
    );
  }

  return (
    <li className="quote-line" aria-label={`Line ${index + 1}: ${name}`}>
      <div className="quote-line__head">
        <div className="quote-line__what">
          <span className="quote-line__name">{name}</span>
          <span className="quote-line__meta">{item ? meta(item) : fixed ? 'Free line, added by a publisher: only a publisher or an admin may change its words, price or quantity' : 'Free line: its price is yours, not the catalog\'s'}</span>
          {err('sku') ? (
            <p className="field__error">
              <span aria-hidden="true">⚠ </span>
              {err('sku')}
            </p>
          ) : null}
        </div>
        <span className="quote-line__total">
          {words ? (
            <>
              <span className="visually-hidden">Line total </span>
              {words.total}
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </span>
      </div>
      {words ? (
        <p className="quote-line__words" aria-label={`${name} as the customer reads it`}>
          {[...words.details, `${words.quantity} × ${words.unitPrice}`].join(' · ')}
        </p>
      ) : null}
      <div className="quote-line__fields">
        {fields}
        <Field className="quote-line__group" label="Room or wall (optional)" name={`lines.${index}.group`} maxLength={80} list="quote-groups" value={line.group} error={err('group')} onChange={(e) => set('group', e.target.value)} />
        <Field className="quote-line__notes" label="Notes (optional)" name={`lines.${index}.notes`} maxLength={500} value={line.notes} error={err('notes')} onChange={(e) => set('notes', e.target.value)} />
        <button type="button" className="button button--ghost button--small button--danger-text quote-line__remove" onClick={onRemove}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </li>
  );
}
