import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

test('on a desktop a toast sits in the bottom-right corner, clear of the title and the actions, its close button inside it', async ({ page }) => {
  test.setTimeout(75_000);
  await adminLogin(page, '/admin/shopify');
  const title = page.getByRole('heading', { name: 'Shopify Integration' });
  await expect(title).toBeVisible();
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByRole('button', { name: 'Register Webhooks' }).click();
  // Whatever toast shows is named in the failure, should it not be this one. A store sync just before (another
  // spec's) may have emptied the store's query-cost bucket; the adapter then waits for it to refill (≤ 20 s).
  await expect(page.locator('[data-sonner-toast][data-front="true"]')).toContainText('Webhooks Registered', { timeout: 30_000 });
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Webhooks Registered' });
  await expect(toast).toBeVisible();
  // The toast slides in; measure it where it comes to rest.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await expect.poll(async () => {
    const a = await toast.boundingBox();
    await page.waitForTimeout(100);
    const b = await toast.boundingBox();
    return a !== null && b !== null && a.y === b.y && a.x === b.x;
  }).toBe(true);
  await expect(toast).toHaveAttribute('data-y-position', 'bottom');
  await expect(toast).toHaveAttribute('data-x-position', 'right');
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1280 - 60);
  expect(box.y + box.height).toBeGreaterThan(800 - 60);
  // Nothing it could cover: the title and the page's action buttons are elsewhere.
  const overlaps = (a: { x: number; y: number; width: number; height: number }) => a.x < box.x + box.width && box.x < a.x + a.width && a.y < box.y + box.height && box.y < a.y + a.height;
  expect(overlaps((await title.boundingBox())!)).toBe(false);
  expect(overlaps((await page.getByRole('button', { name: 'Register Webhooks' }).boundingBox())!)).toBe(false);
  expect(overlaps((await page.getByRole('button', { name: 'Refresh' }).boundingBox())!)).toBe(false);
  const close = (await toast.locator('[data-close-button]').boundingBox())!;
  expect(close.x).toBeGreaterThanOrEqual(box.x);
  expect(close.y).toBeGreaterThanOrEqual(box.y);
  expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
  expect(close.y + close.height).toBeLessThanOrEqual(box.y + box.height);
  await page.screenshot({ path: 'test-results/screenshots/admin-toast-corner.png' });
});
