// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import axe from 'axe-core';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { PopupDefinition } from '../../schemas/forms/popup.schema';
import { Popup } from '../popups/Popup';
import { FormBlock } from './FormBlock';

const demoForm = (name: string): FormDefinition =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples/site/forms', `${name}.json`), 'utf8')) as FormDefinition;

afterEach(cleanup);

/** axe's serious and critical findings (colour contrast needs a real layout: the e2e run checks it). */
async function seriousViolations(root: HTMLElement) {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('forms and axe', () => {
  for (const name of ['contact', 'claim', 'become-dealer', 'newsletter', 'free-kitchen-design']) {
    it(`${name}: no serious or critical violation, before and after an empty submit`, async () => {
      const { container } = render(
        <main>
          <FormBlock form={demoForm(name)} />
        </main>,
      );
      expect(await seriousViolations(container)).toEqual([]);
      await act(async () => {
        fireEvent.submit(container.querySelector('form')!);
      });
      expect(container.querySelectorAll('[role="alert"]').length).toBeGreaterThan(0);
      expect(await seriousViolations(container)).toEqual([]);
    });
  }
});

describe('popups and axe', () => {
  it('the open newsletter popup, with its form errors shown', async () => {
    const popup = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples/site/popups/newsletter.json'), 'utf8')) as PopupDefinition;
    const { container } = render(
      <main>
        <Popup popup={popup} forms={{ newsletter: demoForm('newsletter') }} onClosed={() => {}} />
      </main>,
    );
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(container.querySelector('[role="alert"]')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
