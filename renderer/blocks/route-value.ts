/** A block setting that may name a route parameter: ':styleName' reads params.styleName; anything else is literal. */
export function routeValue(value: string | undefined, params: Readonly<Record<string, string>>): string | undefined {
  if (value === undefined) return undefined;
  return value.startsWith(':') ? params[value.slice(1)] : value;
}
