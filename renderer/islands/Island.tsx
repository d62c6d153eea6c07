/**
 * Server side of an island: renders the component inside its marker element, with its props in an
 * inert JSON script just before it (see ./island-types.ts). The browser's bootstrap hydrates the
 * marker's content with the same component, props and scope.
 */
import { createElement, type ComponentType } from 'react';
import type { PageView } from '../page-context';
import { ISLAND_TAG, propsElementId, type HydrateWhen, type IslandPayload } from './island-types';
import { IslandScope } from './IslandScope';

/** JSON inside a <script> must not close the tag or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface IslandProps<P extends object> {
  /** The island's entry in ./client-islands.ts (a block type, or a shell island's name). */
  name: string;
  /** Unique on the page; prefixes the ids of the elements inside. */
  id: string;
  hydrate: HydrateWhen;
  component: ComponentType<P>;
  /** Exactly what the component needs: they travel to the browser as JSON. */
  props: P;
  page?: PageView | undefined;
}

export function Island<P extends object>({ name, id, hydrate, component, props, page }: IslandProps<P>) {
  const payload: IslandPayload = page ? { props: props as Record<string, unknown>, page } : { props: props as Record<string, unknown> };
  return (
    <>
      <script type="application/json" id={propsElementId(id)} dangerouslySetInnerHTML={{ __html: scriptSafeJson(payload) }} />
      {createElement(
        ISLAND_TAG,
        { 'data-island': name, 'data-id': id, 'data-hydrate': hydrate },
        <IslandScope id={id} page={page}>
          {createElement(component, props)}
        </IslandScope>,
      )}
    </>
  );
}
