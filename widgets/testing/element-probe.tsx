/**
 * A test-only element that exercises the element base: one attribute of each type, a JS-only
 * property, an event, a part, a themed colour and an inline style set through the CSSOM. The unit
 * tests define it under several names in jsdom; e2e/widget-runtime.e2e.ts builds
 * element-probe-element.tsx with the real rollup setup and runs it in Chromium. Never shipped.
 */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ShowroomElementContext } from '../element-base/define-showroom-element';
import type { ElementSpec } from '../element-base/element-spec';
import { emitShowroomEvent } from '../showroom-events';

export function elementProbeSpec(tagName: `showroom-${string}` = 'showroom-element-probe'): ElementSpec {
  return {
    tagName,
    module: 'element-probe',
    className: 'ShowroomElementProbe',
    description: 'Test element for the element base.',
    attributes: [
      ...commonAttributes,
      { name: 'label-text', type: 'string', description: 'Shown as "label: ...".' },
      { name: 'mode', type: ['compact', 'full'], description: 'An enumeration.' },
      { name: 'max-items', type: 'number', description: 'A number.' },
      { name: 'open', type: 'boolean', description: 'A boolean.' },
      { name: 'options', type: 'json', typeText: '{ colour?: string }', description: 'A JSON attribute.' },
    ],
    properties: [{ name: 'items', typeText: 'string[]', description: 'A JS-only property.' }],
    events: [{ name: 'showroom:cart-changed', description: 'Fired by the Fire button.' }],
    parts: [...commonParts, { name: 'fire', description: 'The Fire button.' }],
    cssProperties: themeCssProperties,
  };
}

export interface ElementProbeProps extends ShowroomElementContext {
  labelText?: string;
  mode?: 'compact' | 'full';
  maxItems?: number;
  open?: boolean;
  options?: { colour?: string };
  items?: string[];
}

export function ElementProbe({ labelText, mode, maxItems, open, options, items, element, api }: ElementProbeProps) {
  if (labelText === 'explode') throw new Error('The probe exploded.');
  return (
    // A style object is applied through the CSSOM (element.style), which a strict style-src allows.
    <div className="sr-probe" style={{ borderLeftWidth: `${maxItems ?? 1}px` }}>
      <p>label: {labelText ?? '(none)'}</p>
      <p>mode: {mode ?? '(none)'}</p>
      <p>max: {maxItems ?? '(none)'}</p>
      <p>open: {String(open ?? false)}</p>
      <p>colour: {options?.colour ?? '(none)'}</p>
      <p>items: {items?.join(', ') ?? '(none)'}</p>
      <button type="button" part="fire" onClick={() => emitShowroomEvent(element, 'showroom:cart-changed', { items: [], count: items?.length ?? 0 })}>
        Fire
      </button>
      <button type="button" onClick={() => void api.get('/api/ping').catch(() => undefined)}>
        Call
      </button>
    </div>
  );
}

export const elementProbeCss = `
.sr-probe { border-left: 1px solid var(--sr-accent); padding-left: 8px; }
.sr-probe button { color: var(--sr-accent); }
`;
