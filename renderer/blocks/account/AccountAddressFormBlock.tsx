/**
 * /my-account/address/new and /my-account/address/edit/{id}: the address form, checked in the browser
 * with the checkout field rules (address-form-rules.ts) and again by the server, whose field messages
 * show under the same fields. An unknown id (or another customer's: the server answers both alike)
 * shows 'Address not found.'. Saving goes back to the list.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { AccountAddressFormBlock as AccountAddressFormDefinition } from '../../../schemas/blocks/account.schema';
import { US_STATES } from '../../../schemas/us-states';
import { ApiRequestError } from '../../../widgets/api-client';
import { useIslandId } from '../../islands/use-island-id';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { accountApi, isSignedOut, type AccountApi } from './account-api';
import { goToSignIn } from './account-paths';
import { AccountFrame, ErrorBox, Loading, useAccountData } from './AccountParts';
import { addressFieldProblem, addressInput, addressProblems, ADDRESS_TEXT_FIELDS, EMPTY_ADDRESS, valuesOf, type AddressFormValues, type AddressTextField } from './address-form-rules';

export const ADDRESS_NOT_FOUND = 'Address not found.';
export const ADDRESSES_PATH = '/my-account/addresses';

export interface AddressFormData {
  /** The route's id ('' on the new-address page). */
  id: string;
}

export function selectAddressFormData(_block: AccountAddressFormDefinition, ctx: Pick<BlockDataContext, 'params'>): AddressFormData {
  return { id: ctx.params.id ?? '' };
}

const LABELS: Record<AddressTextField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company (optional)',
  street1: 'Address line 1',
  street2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  phoneNumber: 'Phone',
  email: 'E-mail (optional: your account e-mail is used)',
};

const AUTOCOMPLETE: Partial<Record<AddressTextField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  company: 'organization',
  street1: 'address-line1',
  street2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  phoneNumber: 'tel',
  email: 'email',
};

const REQUIRED = new Set<AddressTextField>(['firstName', 'lastName', 'street1', 'city', 'state', 'zipCode', 'phoneNumber']);

function AddressForm({
  initial,
  idPrefix,
  submitText,
  onSave,
}: {
  initial: AddressFormValues;
  idPrefix: string;
  submitText: string;
  onSave: (values: AddressFormValues) => Promise<void>;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<AddressTextField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof AddressFormValues>(key: K, value: AddressFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const check = (field: AddressTextField) => setErrors((e) => ({ ...e, [field]: addressFieldProblem(field, values) ?? undefined }));
  const focusFirst = (problems: Partial<Record<AddressTextField, string>>) => {
    const first = ADDRESS_TEXT_FIELDS.find((f) => problems[f]);
    if (first) form.current?.querySelector<HTMLElement>(`#${idPrefix}-${first}`)?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const problems = addressProblems(values);
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length > 0) return focusFirst(problems);
    setSaving(true);
    try {
      await onSave(values);
    } catch (err) {
      setSaving(false);
      if (isSignedOut(err)) return goToSignIn();
      if (err instanceof ApiRequestError) {
        const fields: Partial<Record<AddressTextField, string>> = {};
        for (const [name, text] of Object.entries(err.fields)) if ((ADDRESS_TEXT_FIELDS as readonly string[]).includes(name)) fields[name as AddressTextField] = text;
        setErrors(fields);
        setMessage(err.message);
        focusFirst(fields);
      } else setMessage('Something went wrong. Plase try again later.');
    }
  };

  const textField = (field: AddressTextField, span: 'half' | 'full' = 'half') => {
    const id = `${idPrefix}-${field}`;
    const error = errors[field];
    const common = {
      id,
      name: field,
      value: values[field],
      required: REQUIRED.has(field) || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onBlur: () => check(field),
      autoComplete: AUTOCOMPLETE[field],
      className: 'sf-input',
    };
    return (
      <div className={`sf-field account-form__field account-form__field--${span}${error ? ' sf-field--invalid' : ''}`} key={field}>
        <label htmlFor={id} className="sf-field__label">
          {LABELS[field]}
          {REQUIRED.has(field) && (
            <span className="sf-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {field === 'state' ? (
          <select {...common} onChange={(e) => set('state', e.target.value)}>
            <option value="">Choose a state</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={field === 'email' ? 'email' : field === 'phoneNumber' ? 'tel' : 'text'}
            inputMode={field === 'zipCode' ? 'numeric' : undefined}
            onChange={(e) => set(field, e.target.value)}
          />
        )}
        {error && (
          <p id={`${id}-error`} className="sf-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="sf-form account-form" noValidate onSubmit={submit} ref={form} aria-busy={saving || undefined}>
      <fieldset className="sf-choices">
        <legend className="sf-field__label">Address type</legend>
        <div className="sf-choices__list account-form__types">
          {(['shipping', 'billing'] as const).map((type) => (
            <label className="sf-check" key={type}>
              <input className="sf-check__input" type="radio" name="type" value={type} checked={values.type === type} onChange={() => set('type', type)} />
              {type === 'shipping' ? 'Shipping' : 'Billing'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="account-form__grid">
        {textField('firstName')}
        {textField('lastName')}
        {textField('company', 'full')}
        {textField('street1', 'full')}
        {textField('street2', 'full')}
        {textField('city')}
        {textField('state')}
        {textField('zipCode')}
        <div className="sf-field account-form__field account-form__field--half">
          <span className="sf-field__label">Country</span>
          <span className="account-form__country">United States</span>
        </div>
        {textField('phoneNumber')}
        {textField('email')}
      </div>
      <label className="sf-check">
        <input className="sf-check__input" type="checkbox" name="defaultShipping" checked={values.defaultShipping} onChange={(e) => set('defaultShipping', e.target.checked)} />
        Use as my default shipping address
      </label>
      <label className="sf-check">
        <input className="sf-check__input" type="checkbox" name="defaultBilling" checked={values.defaultBilling} onChange={(e) => set('defaultBilling', e.target.checked)} />
        Use as my default billing address
      </label>
      <div aria-live="polite" className="sf-message-region">
        {message && (
          <p className="sf-message sf-message--error" role="alert">
            {message}
          </p>
        )}
      </div>
      <div className="sf-actions">
        <a className="button button--secondary" href={ADDRESSES_PATH}>
          Cancel
        </a>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving && <span className="sf-spinner" aria-hidden="true" />}
          {submitText}
        </button>
      </div>
    </form>
  );
}

export function AccountAddressFormBlock({
  block,
  data,
  api = accountApi(),
  navigate,
}: BlockProps<AccountAddressFormDefinition, AddressFormData> & { api?: AccountApi; navigate?: (path: string) => void }) {
  const titleId = useIslandId();
  const idPrefix = useIslandId();
  const id = data?.id ?? '';
  const editing = id !== '';
  const [loaded, retry] = useAccountData(() => (editing ? api.address(id).then(valuesOf) : api.me().then(() => EMPTY_ADDRESS)), [id]);
  const go = navigate ?? ((p: string) => window.location.assign(p));

  const save = async (values: AddressFormValues) => {
    if (editing) await api.updateAddress(id, addressInput(values, true));
    else await api.createAddress(addressInput(values, false));
    go(ADDRESSES_PATH);
  };

  return (
    <AccountFrame id={block.id} title={block.title ?? (editing ? 'Edit address' : 'Add an address')} titleId={titleId}>
      {loaded.state === 'loading' && <Loading text={editing ? 'Loading the address…' : 'Loading…'} />}
      {loaded.state === 'failed' &&
        (loaded.status === 404 ? (
          <>
            <p className="account-empty">{ADDRESS_NOT_FOUND}</p>
            <p>
              <a href={ADDRESSES_PATH}>Back to your addresses</a>
            </p>
          </>
        ) : (
          <ErrorBox message={loaded.message || 'We could not load the address. Please try again.'} onRetry={retry} />
        ))}
      {loaded.state === 'ready' && <AddressForm initial={loaded.value} idPrefix={idPrefix} submitText={editing ? 'Save address' : 'Add address'} onSave={save} />}
    </AccountFrame>
  );
}
