/**
 * The store's data that blocks read in `selectData` (server only). The server passes its Content
 * object here. Fields are added as the catalog schemas land (schemas/catalog/**): add a typed,
 * optional field named exactly as on the server's Content object, e.g.
 *   productStyles?: ProductStyle[];
 * Until a field is declared, read it with `storeField(ctx.store, 'name')` and narrow it yourself.
 */
export interface StoreData {
  readonly [field: string]: unknown;
}

export function storeField<T>(store: StoreData, name: string): T | undefined {
  return store[name] as T | undefined;
}
