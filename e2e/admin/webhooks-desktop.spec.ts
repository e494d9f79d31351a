import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/test';
import { Webhook } from 'standardwebhooks';
import { adminLogin } from './admin-support';

test('the admin adds a webhook endpoint, sees its secret once, sends a test event and sees it in the delivery log', async ({ page }) => {
  // A local receiver on loopback (tests allow loopback; production refuses it).
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/glint-e2e-${Date.now()}`;
  try {
    await adminLogin(page, '/admin/webhooks');
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('booking.completed').check();
    await dialog.getByRole('button', { name: 'Add Endpoint' }).click();

    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const card = page.getByRole('listitem').filter({ hasText: url });
    await expect(card).toContainText('booking.completed');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    // Shown once: a reload lists only its first characters.
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: url })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    const endpoint = page.getByRole('listitem').filter({ hasText: url });
    await endpoint.getByRole('button', { name: 'Send Test Event' }).click();
    await expect(page.getByText('Test event delivered')).toBeVisible();
    const row = endpoint.getByRole('table', { name: 'Delivery log' }).getByRole('row').nth(1);
    await expect(row).toContainText('booking.created');
    await expect(row).toContainText('200');
    await expect(row).toContainText(' ms');
    expect(received).toHaveLength(1);
    expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>)).toMatchObject({ type: 'booking.created', data: { test: true } });
    await page.screenshot({ path: 'test-results/screenshots/admin-webhooks.png', fullPage: true });

    await endpoint.getByRole('switch', { name: `Enabled: ${url}` }).click();
    await expect(endpoint).toContainText('Disabled by the admin');
    await endpoint.getByRole('button', { name: `Delete ${url}` }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete Endpoint' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: url })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
