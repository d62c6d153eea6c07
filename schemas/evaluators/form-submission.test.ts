import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../forms/form.schema';
import { isLastStep, isMultiStep } from './form-structure';
import { checkSubmission } from './form-submission';
import { FORM_SUCCESS_MESSAGE, FORM_SUCCESS_TITLE, FORM_THANK_YOU_MESSAGE, SUBMISSION_FAILED } from './validation-messages';

const contact: FormDefinition = {
  name: 'contact',
  googleReCaptcha: true,
  fields: [
    { name: 'email', type: 'email', required: true },
    { name: 'topic', type: 'radio', options: [{ value: 'order', label: 'Order' }, { value: 'other', label: 'Other' }] },
    { name: 'orderNumber', type: 'text', required: true, onlyNumbers: true, hideWhen: { field: 'topic', equals: 'other' } },
    { name: 'source', type: 'hidden', value: 'contact-page' },
  ],
};

const steps: FormDefinition = {
  name: 'fkd',
  steps: [{ fields: [{ name: 'firstName', type: 'text', required: true }] }, { fields: [{ name: 'budget', type: 'select', required: true, options: [{ value: 'low', label: 'Low' }] }] }],
};

describe('checkSubmission', () => {
  it('keeps only the visible, known fields and the fixed hidden value', () => {
    const check = checkSubmission(contact, { email: 'a@b.co', topic: 'other', orderNumber: '123', source: 'forged', admin: 'yes' }, { recaptchaToken: 't' });
    expect(check).toEqual({ errors: {}, values: { email: 'a@b.co', topic: 'other', source: 'contact-page' } });
  });

  it('drops the value of a field hidden by showWhen, and does not require it (the server decides as the browser does)', () => {
    const form: FormDefinition = {
      name: 'callback',
      fields: [
        { name: 'contactBy', type: 'radio', options: [{ value: 'email', label: 'E-mail' }, { value: 'phone', label: 'Phone' }] },
        { name: 'phone', type: 'tel', format: 'phone', required: true, showWhen: { field: 'contactBy', equals: 'phone' } },
      ],
    };
    expect(checkSubmission(form, { contactBy: 'email', phone: 'abc' })).toEqual({ errors: {}, values: { contactBy: 'email' } });
    expect(checkSubmission(form, { contactBy: 'phone', phone: 'abc' }).errors).toEqual({ phone: 'Phone number is invalid' });
    expect(checkSubmission(form, { contactBy: 'phone' }).errors).toEqual({ phone: 'This field is required' });
  });

  it('reports field problems and a missing captcha', () => {
    const check = checkSubmission(contact, { email: 'nope', topic: 'order' });
    expect(check.errors).toEqual({
      email: 'Invalid email address',
      orderNumber: 'This field is required',
      recaptchaToken: 'Please complete the reCAPTCHA verification',
    });
  });

  it('checks one step of a multi-step form', () => {
    expect(isMultiStep(steps)).toBe(true);
    expect(checkSubmission(steps, {}, { stepIndex: 0 }).errors).toEqual({ firstName: 'This field is required' });
    expect(checkSubmission(steps, { budget: 'low' }, { stepIndex: 1 }).errors).toEqual({});
    expect([isLastStep(steps, 0), isLastStep(steps, 1), isLastStep(contact, 0)]).toEqual([false, true, true]);
  });

  it('form result texts are word for word', () => {
    expect(SUBMISSION_FAILED).toBe('Submission failed');
    expect(FORM_SUCCESS_TITLE).toBe('Thank you!');
    expect(FORM_SUCCESS_MESSAGE).toBe('Your form has been submitted successfully.');
    expect(FORM_THANK_YOU_MESSAGE).toBe('We have received your message. Our Team will contact you soon.');
  });
});
