/**
 * Sends the browser to another page (a provider's or the store's authentication step). One small
 * module so component tests can watch the navigation jsdom cannot perform.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}
