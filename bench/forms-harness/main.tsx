/**
 * The bench page (bench/forms.ts builds it with Vite): one form, by Showroom's engine or by
 * @rjsf/core, or one of two floors: plain uncontrolled inputs (`baseline`) and one component per
 * field holding a controlled input in its own state (`controlled`), chosen by the query
 * (?engine=showroom|rjsf|baseline|controlled&form=generated|fkd). Both are built into
 * the same bundle with the same runtime (react aliased to preact/compat, as the site's client build
 * does, or React 19).
 *
 * Per keystroke it records, in the page: the time from the keydown event to the end of the work the
 * keystroke caused (the framework's render and commit, then style and layout forced by reading
 * offsetHeight), measured in a microtask queued when the input event reaches window; the time to the
 * next animation frame after it (which waits for the display's frame clock, so it is coarse); and
 * how many field components rendered in between.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { FormBlock } from '../../renderer/forms/FormBlock';
import type { InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import fkdJson from '../../examples/site/forms/free-kitchen-design.json';
import { generatedForm } from './generated-form';
import { toJsonSchema } from './to-json-schema';

export interface BenchSample {
  /** keydown -> render, commit, style and layout done (ms). */
  work: number;
  /** keydown -> the next animation frame after it (ms). */
  frame: number;
  /** Field components rendered for this keystroke. */
  renders: number;
}

const params = new URLSearchParams(location.search);
const ENGINES = ['showroom', 'rjsf', 'baseline', 'controlled'] as const;
const engine = ENGINES.find((e) => e === params.get('engine')) ?? 'showroom';
const form: FormDefinition = params.get('form') === 'fkd' ? (fkdJson as unknown as FormDefinition) : generatedForm();
// A multi-step form shows its first step on load: both engines get that step's fields.
const fields = form.steps ? form.steps[0]!.fields : (form.fields ?? []);

let fieldRenders = 0;
const samples: BenchSample[] = [];
const waiters: Array<() => void> = [];
let keyAt = 0;
let rendersAtKey = 0;

window.addEventListener(
  'keydown',
  () => {
    keyAt = performance.now();
    rendersAtKey = fieldRenders;
  },
  true,
);
// Bubble phase on window: the engine's own input handler (on the element, or on the root for React)
// has run by now, and so have the microtasks it queued (Preact renders in one; React flushes a
// discrete event's sync update before its listener returns or in a microtask).
window.addEventListener('input', () => {
  const start = keyAt;
  const before = rendersAtKey;
  let work = 0;
  let renders = 0;
  queueMicrotask(() => {
    // Style and layout of what the commit changed, so DOM work counts too.
    void document.body.offsetHeight;
    work = performance.now() - start;
    renders = fieldRenders - before;
  });
  requestAnimationFrame(() => {
    const frame = performance.now() - start;
    // A task after the frame: a commit that came later than the microtask would show in the count.
    setTimeout(() => {
      samples.push({ work, frame, renders: Math.max(renders, fieldRenders - before) });
      waiters.splice(0).forEach((w) => w());
    }, 0);
  });
});

declare global {
  interface Window {
    formBench: { ready: boolean; samples: BenchSample[]; waitFor(n: number): Promise<void> };
  }
}
window.formBench = {
  ready: false,
  samples,
  waitFor: (n) => new Promise<void>((resolve) => (samples.length >= n ? resolve() : waiters.push(() => (samples.length >= n ? resolve() : window.formBench.waitFor(n).then(resolve))))),
};

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;
/** rjsf's default field template, counting its renders (one per field; the root object excluded). */
function CountingFieldTemplate(props: FieldTemplateProps) {
  if (props.id !== 'root') fieldRenders++;
  return <DefaultFieldTemplate {...props} />;
}

/**
 * A field's control as plain DOM, of the same kind the engines render (text inputs of their type,
 * textarea, select with its options, radios, checkbox), so the floors have the same controls on the
 * page; text controls optionally controlled by a component with its own state.
 */
function PlainField({ field, controlled }: { field: InputField; controlled: boolean }) {
  const id = `root_${field.name}`;
  const options = field.options ?? [];
  switch (field.type) {
    case 'select':
      return (
        <select id={id} name={field.name} multiple={field.multiSelect}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'radio':
      return (
        <span>
          {options.map((o) => (
            <label key={o.value}>
              <input type="radio" name={field.name} value={o.value} /> {o.label}
            </label>
          ))}
        </span>
      );
    case 'checkbox':
    case 'newsletter':
      return <input id={id} name={field.name} type="checkbox" />;
    default: {
      const textarea = field.type === 'textarea';
      const type = field.type === 'email' || field.type === 'tel' ? field.type : 'text';
      if (controlled) return <ControlledText id={id} name={field.name} textarea={textarea} type={type} />;
      return textarea ? <textarea id={id} name={field.name} /> : <input id={id} name={field.name} type={type} />;
    }
  }
}

/** A text control holding its value in its own state: the least a framework-controlled input costs. */
function ControlledText({ id, name, textarea, type }: { id: string; name: string; textarea: boolean; type: string }) {
  const [value, setValue] = useState('');
  fieldRenders++;
  const props = { id, name, value, onChange: (e: { target: { value: string } }) => setValue(e.target.value) };
  return textarea ? <textarea {...props} /> : <input type={type} {...props} />;
}

/**
 * The floors: the same fields with plain controls, uncontrolled (`baseline`: what the browser
 * spends between keydown and layout anyway) or with controlled text inputs (`controlled`).
 */
function Floor({ controlled }: { controlled: boolean }) {
  return (
    <form>
      {fields.map((f) =>
        f.type === 'group' ? null : (
          <div key={f.name}>
            <label htmlFor={`root_${f.name}`}>{f.label ?? f.name}</label>
            <PlainField field={f} controlled={controlled} />
          </div>
        ),
      )}
    </form>
  );
}

function App() {
  if (engine === 'baseline' || engine === 'controlled') return <Floor controlled={engine === 'controlled'} />;
  if (engine === 'showroom') {
    return <FormBlock form={form} options={{ idPrefix: 'bench' }} onFieldRender={() => fieldRenders++} />;
  }
  const { schema, uiSchema } = toJsonSchema(fields, form.title);
  return <Form schema={schema} uiSchema={uiSchema} validator={validator} templates={{ FieldTemplate: CountingFieldTemplate }} />;
}

createRoot(document.getElementById('app')!).render(<App />);
requestAnimationFrame(() => (window.formBench.ready = true));
