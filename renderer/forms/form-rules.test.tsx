// @vitest-environment jsdom
// showWhen, the phone format and field patterns in the browser's form engine: the same evaluators
// the server runs (schemas/evaluators/form-submission.test.ts checks the server side).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { FormBlock } from './FormBlock';

afterEach(cleanup);

const form: FormDefinition = {
  name: 'callback',
  fields: [
    { name: 'contactBy', type: 'radio', label: 'Reach me by', options: [{ value: 'email', label: 'E-mail' }, { value: 'phone', label: 'Phone call' }] },
    { name: 'phone', type: 'tel', label: 'Phone', required: true, format: 'phone', showWhen: { field: 'contactBy', equals: 'phone' } },
    { name: 'code', type: 'text', label: 'Showroom code', pattern: '[A-Z]{2}-[0-9]{4}', patternMessage: 'Enter the code as AB-1234' },
  ],
};

describe('the form engine with showWhen, format "phone" and pattern', () => {
  it('shows a showWhen field only once its condition holds, refuses "abc" as a phone, and checks the pattern', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'ok', data: { id: '1' } }), { headers: { 'Content-Type': 'application/json' } }));
    const { container } = render(<FormBlock form={form} fetch={fetch} />);
    expect(screen.queryByLabelText(/^Phone$/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Phone call'));
    const phone = screen.getByLabelText(/^Phone/, { selector: 'input[type=tel]' });
    fireEvent.change(phone, { target: { value: 'abc' } });
    fireEvent.blur(phone);
    expect(screen.getByText('Phone number is invalid')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '(555) 123-456' } });
    expect(screen.getByText('Phone number must be at least 10 digits')).toBeTruthy();

    const code = screen.getByLabelText(/^Showroom code/);
    fireEvent.change(code, { target: { value: 'ab-12' } });
    fireEvent.blur(code);
    expect(screen.getByText('Enter the code as AB-1234')).toBeTruthy();
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(fetch).not.toHaveBeenCalled();

    // Back to e-mail: the phone is hidden again, not required, and its value is not sent.
    fireEvent.click(screen.getByLabelText('E-mail'));
    expect(screen.queryByLabelText(/^Phone/, { selector: 'input[type=tel]' })).toBeNull();
    fireEvent.change(code, { target: { value: 'AB-1234' } });
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const sent = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as { formData: Record<string, unknown> };
    expect(sent.formData).toEqual({ contactBy: 'email', code: 'AB-1234' });
  });
});
