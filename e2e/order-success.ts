/**
 * Waiting for a payment to end on the order-success page. When it does not, the failure says what
 * the customer was looking at instead (the page's address and its alerts and status lines), so a
 * refused card, a form error or a page still busy is named in the test's report rather than a bare
 * navigation timeout.
 */
import type { Page } from 'playwright-core';

export async function waitForOrderSuccess(page: Page, base: string): Promise<void> {
  try {
    await page.waitForURL(`${base}/order/success`);
  } catch (err) {
    const said = await page
      .locator('[role="alert"], [role="status"], .sr-error')
      .allInnerTexts()
      .catch(() => [] as string[]);
    const busy = await page.locator('[aria-busy="true"]').count().catch(() => 0);
    throw new Error(`The payment did not reach ${base}/order/success: the page is ${page.url()}, ${busy ? 'still busy, ' : ''}saying ${JSON.stringify(said.map((s) => s.trim()).filter(Boolean))}`, { cause: err });
  }
}
