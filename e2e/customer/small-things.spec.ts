import { expect, test } from '../support/test';

// Issue 27's small things on the customer's side, at 390×844.
test('a service image that fails to load shows a placeholder in the service list, not a broken image', async ({ page }) => {
  // The first service gets an image that is not there.
  await page.route(/\/api\/services(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const services = (await response.json()) as Array<{ imageUrl: string | null }>;
    services[0]!.imageUrl = '/uploads/no-such-image.png';
    await route.fulfill({ response, json: services });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  const first = page.getByTestId('service-card').first();
  await expect(first.getByTestId('image-placeholder')).toBeVisible();
  await expect(first.locator('img')).toHaveCount(0);
});
