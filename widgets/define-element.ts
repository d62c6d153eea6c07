import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import type { ElementName } from './element-names';

type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** The origin the widget module was loaded from: the default API base of every element. */
export const moduleOrigin = new URL(import.meta.url).origin;

/**
 * Defines a custom element for a widget: attributes in kebab-case become props, the widget renders
 * in its own open shadow root. Defining twice (two script tags) is harmless.
 */
export function defineElement<P extends object>(name: ElementName, component: ComponentType<P>, props: Partial<Record<Exclude<Extract<keyof P, string>, 'container'>, PropType>>): void {
  if (customElements.get(name)) return;
  customElements.define(name, r2wc(component, { shadow: 'open', props }));
}
