import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

/** An instant as the Pacific wall time YYYY-MM-DDTHH:mm the offer's PUT takes. */
function pacificWallTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('the offer page is edited under Marketing: every field, a preview of the page, and Publish puts it live', async ({ page }) => {
  await adminLogin(page, '/admin/analytics');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Marketing' }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/offer$/);
  await expect(page.getByText('Promotional offer (/sww-offer)')).toBeVisible();
  const before = await (await page.request.get('/api/offers/current')).json();

  const stamp = Date.now();
  await page.getByLabel('Title', { exact: true }).fill(`Spring Shine ${stamp}`);
  await page.getByLabel('Subtitle', { exact: true }).fill('Two hours, one deep shine');
  await page.getByLabel('Image URL').fill('/images/does-not-exist.jpg');
  await page.getByLabel('Service booked').selectOption({ label: 'Full Detail' });
  await page.getByLabel('Ends (Pacific time)').fill('2031-05-01T18:00');
  await page.getByRole('checkbox', { name: 'Live' }).check();
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 1', { exact: true }).fill('Is the wax hand-applied?');
  await page.getByLabel('Answer 1', { exact: true }).fill('Yes, always by hand.');

  // Preview first: the public page with the draft, and nothing saved yet.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview of the offer page' });
  await expect(preview.getByRole('heading', { name: `Spring Shine ${stamp}` })).toBeVisible();
  await expect(preview.getByText('Two hours, one deep shine')).toBeVisible();
  await expect(preview.getByText('Is the wax hand-applied?')).toBeVisible();
  await expect(preview.getByRole('timer')).toBeVisible();
  // A broken image is left out rather than shown broken.
  await expect(preview.getByTestId('offer-image')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/admin-marketing-offer-preview.png' });
  expect((await (await page.request.get('/api/offers/current')).json()).title).toBe(before.title);

  // Keep editing, then publish.
  await preview.getByRole('button', { name: 'Keep editing' }).click();
  await page.getByLabel('Image URL').fill('');
  await page.getByRole('button', { name: 'Preview' }).click();
  await preview.getByRole('button', { name: 'Publish' }).click();
  await expect(preview).toBeHidden();
  const published = await (await page.request.get('/api/offers/current')).json();
  expect(published).toMatchObject({ title: `Spring Shine ${stamp}`, subtitle: 'Two hours, one deep shine', imageUrl: null, isLive: true, ended: false, faq: [{ question: 'Is the wax hand-applied?', answer: 'Yes, always by hand.' }] });
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  expect(published.serviceId).toBe(services.find((s) => s.name === 'Full Detail')!.id);

  // The public page shows what was published.
  const visitor = await page.context().newPage();
  await visitor.goto('/sww-offer');
  await expect(visitor.getByRole('heading', { name: `Spring Shine ${stamp}` })).toBeVisible();
  await expect(visitor.getByText('Is the wax hand-applied?')).toBeVisible();
  await visitor.close();

  // A refused field says why and publishes nothing.
  await page.getByLabel('Image URL').fill('http://insecure.example.com/a.jpg');
  await page.getByRole('button', { name: 'Preview' }).click();
  await preview.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Image URL must start with https/)).toBeVisible();

  // Put the offer back as it was for the other specs.
  const restore = await page.request.put('/api/admin/offers/current', {
    headers: { origin: new URL(page.url()).origin },
    data: { title: before.title, subtitle: before.subtitle, imageUrl: before.imageUrl, faq: before.faq, serviceId: before.serviceId, prices: before.prices, isLive: before.isLive, endsAt: pacificWallTime(before.endsAt) },
  });
  expect(restore.ok(), await restore.text()).toBeTruthy();
});

test('the old place of the offer editor leads to Marketing', async ({ page }) => {
  await adminLogin(page);
  await page.goto('/admin/marketing');
  await expect(page).toHaveURL(/\/admin\/marketing\/offer$/);
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
});
