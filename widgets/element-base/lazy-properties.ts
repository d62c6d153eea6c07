/**
 * A page may set a property on an element before the element's module has loaded (the loader imports
 * it later): the value then sits as an own property of the plain HTMLElement and would hide the
 * class's accessor after the upgrade. Taking it off and setting it again routes it through the
 * accessor (the "lazy properties" pattern of custom elements).
 */
export function upgradeProperties(element: HTMLElement, names: readonly string[]): void {
  for (const name of names) {
    if (!Object.prototype.hasOwnProperty.call(element, name)) continue;
    const value = (element as unknown as Record<string, unknown>)[name];
    delete (element as unknown as Record<string, unknown>)[name];
    (element as unknown as Record<string, unknown>)[name] = value;
  }
}
