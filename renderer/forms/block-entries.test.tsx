import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { PopupDefinition } from '../../schemas/forms/popup.schema';
import { selectPopupData } from '../popups/popup-block-entry';
import { selectFormBlockData } from './form-block-entry';

const forms: Record<string, FormDefinition> = {
  contact: { name: 'contact', fields: [{ name: 'email', type: 'email' }] },
  newsletter: { name: 'newsletter', fields: [{ name: 'email', type: 'email' }] },
};
const popups: Record<string, PopupDefinition> = {
  newsletter: { name: 'newsletter', components: [{ type: 'form', form: 'newsletter' }, { type: 'text', text: 'Hi' }] },
};

describe('block entries: selectData', () => {
  it('a form block gets its one form, and the site key when the server has one', () => {
    expect(selectFormBlockData({ type: 'form', form: 'contact' }, { store: { forms } })).toEqual({ form: forms.contact });
    expect(selectFormBlockData({ type: 'form', form: 'nope' }, { store: { forms } })).toEqual({ form: null });
    expect(selectFormBlockData({ type: 'form', form: 'contact' }, { store: { forms, recaptchaSiteKey: 'k' } })).toEqual({ form: forms.contact, recaptchaSiteKey: 'k' });
  });

  it('a popup block gets the named popups and only the forms they hold', () => {
    expect(selectPopupData(['newsletter', 'missing'], { forms, popups })).toEqual({ popups: [popups.newsletter], forms: { newsletter: forms.newsletter } });
  });
});
