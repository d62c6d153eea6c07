/**
 * Sends the browser to another page (a provider's or the store's authentication step). One small
 * module so component tests can watch the navigation jsdom cannot perform.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}

/**
 * Leaves by a form POST (a provider's page that takes its token as a form field, as Authorize.net's
 * Accept Hosted does), or, with `target`, loads that page into the frame of that name instead.
 */
export function leaveByPost(url: string, fields: Record<string, string>, target?: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  if (target) form.target = target;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  if (target) form.remove();
}
