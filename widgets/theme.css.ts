/**
 * The base stylesheet every widget puts in its shadow root. Hosts theme widgets through the
 * --showroom-* custom properties, which cross the shadow boundary.
 */
export const themeCss = `
:host {
  display: block;
  font-family: var(--showroom-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  color: var(--showroom-ink, #1f2421);
  --sr-accent: var(--showroom-accent, #7a4e2d);
  --sr-line: var(--showroom-line, #e4e0d8);
  --sr-radius: var(--showroom-radius, 6px);
}
.sr-status { color: var(--showroom-muted, #5b625e); }
.sr-error { color: var(--showroom-danger, #b42318); }
`;
