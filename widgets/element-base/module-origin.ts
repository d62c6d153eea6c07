/**
 * The origin the widget code was loaded from: the default `api-base` of every element, so a dealer's
 * page needs no configuration to reach the store that served the script. In the built bundles this
 * module lives in the shared runtime chunk, which comes from the same place as the loader.
 */
export const moduleOrigin: string = new URL(import.meta.url).origin;
