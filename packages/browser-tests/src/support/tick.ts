import type { Locator } from 'playwright-core';

/**
 * Ticks a checkbox whose state is the page's own, clicking again until it stays ticked: a list that re-renders
 * on a loaded machine (a live push, a refetch) can put a fresh, unticked box where the clicked one was, and
 * Playwright's check() then fails with "Clicking the checkbox did not change its state".
 */
export async function tick(checkbox: Locator, timeoutMs = 15_000): Promise<void> {
  const ticked = checkbox.and(checkbox.page().locator(':checked'));
  const deadline = Date.now() + timeoutMs;
  while (!(await checkbox.isChecked())) {
    if (Date.now() > deadline) throw new Error('The checkbox never stayed ticked');
    await checkbox.click();
    await ticked.waitFor({ timeout: 2_000 }).catch(() => undefined);
  }
}
