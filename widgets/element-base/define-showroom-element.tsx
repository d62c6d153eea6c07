/**
 * The element base: defines a custom element from an element's table (element-spec.ts) and its
 * component, on top of r2wc. r2wc gives the shadow root and the mount/update/unmount lifecycle; the
 * base adds what r2wc leaves to its users:
 *  - the stylesheet adopted into the shadow root (adopted-styles.ts), never a <style> element;
 *  - attributes parsed by type with errors shown inside the element (attribute-parsing.ts), and a
 *    removed attribute clearing its prop (r2wc ignores removals);
 *  - a JS property for every attribute, plus JS-only properties for rich configuration, and
 *    properties set before the element was defined kept (lazy-properties.ts);
 *  - an error boundary, and the API client made from `api-base` (default: the script's origin)
 *    and `dealer`;
 *  - the store's refusal of this page for its dealer, shown in place of the element
 *    (../dealer-refusal.ts), and a warning when the loader is of another version (../widgets-version.ts).
 */
import r2wc from '@r2wc/core';
import { createElement, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createApiClient, type ApiClient } from '../api-client';
import { onRefusal, refusalFor } from '../dealer-refusal';
import { themeCss } from '../theme.css';
import { adoptStyles } from './adopted-styles';
import { parseAttributeValue, parseConfiguration } from './attribute-parsing';
import { ElementMessage, elementMessageCss } from './element-message';
import { propertyNameOf, type AttributeSpec, type ElementSpec } from './element-spec';
import { ErrorBoundary } from './error-boundary';
import { upgradeProperties } from './lazy-properties';
import { moduleOrigin } from './module-origin';
import { warnOnVersionMismatch } from '../widgets-version';

/** What the base hands every element component besides its own attributes and properties. */
export interface ShowroomElementContext {
  /** The custom element itself (the shadow host): dispatch `showroom:*` events from it. */
  element: HTMLElement;
  /** The client for `apiBase`, carrying `dealer` on every call. */
  api: ApiClient;
  apiBase: string;
  dealer?: string;
}

// r2wc keeps an element's props object and its render method under these registry symbols. The base
// writes the props itself, so a removed attribute and a value set as a JS property reach the component.
const r2wcProps = Symbol.for('r2wc.props');
const r2wcRender = Symbol.for('r2wc.render');

/** Attribute texts and property values by property name, plus r2wc's `container` (the shadow root). */
type StoredProps = Record<string, unknown> & { container?: ShadowRoot };

interface R2wcElement extends HTMLElement {
  connectedCallback(): void;
  disconnectedCallback(): void;
}

function storedProps(element: HTMLElement): StoredProps {
  return (element as unknown as Record<symbol, StoredProps>)[r2wcProps]!;
}

function render(element: HTMLElement): void {
  (element as unknown as Record<symbol, () => void>)[r2wcRender]!.call(element);
}

const renderer = {
  mount(container: HTMLElement, component: ComponentType<StoredProps>, props: StoredProps) {
    const root = createRoot(container);
    root.render(createElement(component, { ...props }));
    return { root, component };
  },
  update({ root, component }: { root: Root; component: ComponentType<StoredProps> }, props: StoredProps) {
    root.render(createElement(component, { ...props }));
  },
  unmount({ root }: { root: Root }) {
    root.unmount();
  },
};

/** An attribute's JS property: reflects simple values to the attribute, keeps objects as they are. */
function attributeProperty(attribute: AttributeSpec): PropertyDescriptor {
  const name = propertyNameOf(attribute.name);
  return {
    configurable: true,
    enumerable: true,
    get(this: HTMLElement) {
      const raw = storedProps(this)[name];
      return raw === undefined || raw === null ? undefined : parseAttributeValue(attribute, raw).value;
    },
    set(this: HTMLElement, value: unknown) {
      if (value === undefined || value === null || (attribute.type === 'boolean' && value === false)) {
        delete storedProps(this)[name];
        if (this.hasAttribute(attribute.name)) this.removeAttribute(attribute.name);
        else render(this);
      } else if (attribute.type === 'json' || typeof value === 'object' || typeof value === 'function') {
        // Rich values are not serialised into the attribute: the property wins until the attribute changes.
        storedProps(this)[name] = value;
        render(this);
      } else {
        this.setAttribute(attribute.name, attribute.type === 'boolean' ? '' : String(value));
      }
    },
  };
}

function richProperty(name: string): PropertyDescriptor {
  return {
    configurable: true,
    enumerable: true,
    get(this: HTMLElement) {
      return storedProps(this)[name];
    },
    set(this: HTMLElement, value: unknown) {
      if (value === undefined) delete storedProps(this)[name];
      else storedProps(this)[name] = value;
      render(this);
    },
  };
}

/**
 * Defines `spec.tagName` (once: a second script tag or module copy is harmless) and returns its class.
 * `css` is the element's own stylesheet; the theme and the message styles come with the base.
 */
export function defineShowroomElement<P extends object>(spec: ElementSpec, Component: ComponentType<P & ShowroomElementContext>, css = ''): CustomElementConstructor {
  const existing = customElements.get(spec.tagName);
  if (existing) return existing;
  warnOnVersionMismatch(spec.tagName);

  const attributeProperties = spec.attributes.map((a) => propertyNameOf(a.name));
  const richProperties = spec.properties.map((p) => p.name);
  const stylesheet = themeCss + elementMessageCss + css;

  function ElementRoot(stored: StoredProps) {
    const element = stored.container!.host as HTMLElement;
    const { values, errors } = parseConfiguration(spec.attributes, stored);
    const apiBase = (values.apiBase as string | undefined) || moduleOrigin;
    const dealer = (values.dealer as string | undefined) || undefined;
    const api = useMemo(() => createApiClient(apiBase, { dealer }), [apiBase, dealer]);
    const refusal = useSyncExternalStore(onRefusal, () => refusalFor(apiBase, dealer));
    if (refusal) return <ElementMessage tagName={spec.tagName} title="the store refused this page." reasons={[refusal]} />;
    if (errors.length > 0) return <ElementMessage tagName={spec.tagName} title="please check its configuration." reasons={errors} />;
    const rich: Record<string, unknown> = {};
    for (const name of richProperties) if (stored[name] !== undefined) rich[name] = stored[name];
    const props = { ...values, ...rich, element, api, apiBase, dealer } as P & ShowroomElementContext;
    return (
      <ErrorBoundary tagName={spec.tagName}>
        <Component {...props} />
      </ErrorBoundary>
    );
  }

  // Every attribute goes to r2wc as a plain string prop: r2wc then never parses (and never throws);
  // the typed parsing happens in ElementRoot, where an error can be shown.
  const Base = r2wc(ElementRoot as never, { shadow: 'open', props: attributeProperties as never }, renderer as never) as unknown as new () => R2wcElement;

  class ShowroomElement extends Base {
    static get observedAttributes(): string[] {
      return spec.attributes.map((a) => a.name);
    }

    constructor() {
      super();
      adoptStyles(this.shadowRoot!, spec.tagName, stylesheet);
    }

    override connectedCallback(): void {
      upgradeProperties(this, [...attributeProperties, ...richProperties]);
      super.connectedCallback();
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
      const name = propertyNameOf(attribute);
      if (value === null) delete storedProps(this)[name];
      else storedProps(this)[name] = value;
      render(this);
    }
  }

  for (const attribute of spec.attributes) Object.defineProperty(ShowroomElement.prototype, propertyNameOf(attribute.name), attributeProperty(attribute));
  for (const name of richProperties) Object.defineProperty(ShowroomElement.prototype, name, richProperty(name));

  customElements.define(spec.tagName, ShowroomElement);
  return ShowroomElement;
}
