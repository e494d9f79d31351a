import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

/**
 * The dashboard's backup line. The test server runs without BACKUP_DIR, so it shows nothing; the states of a
 * server that makes backups (fresh, older than 36 hours, none yet) are played by answering
 * GET /api/admin/backups as such a server would (the HTTP suite checks the server's side of each).
 */
const ANSWER = '/api/admin/backups';

test('a server without BACKUP_DIR shows no backup line', async ({ page }) => {
  await adminLogin(page);
  await expect(page.getByRole('heading', { name: "Today's bookings" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Backups' })).toHaveCount(0);
});

test('shows the last backup time and size, and an alert when it is older than 36 hours or missing', async ({ page }) => {
  const fresh = { configured: true, latest: { name: 'glint-2026-06-01T103000Z.pgdump', bytes: 5_347_738, createdAt: '2026-06-01T10:30:00.000Z' }, stale: false, staleAfterHours: 36 };
  let answer: object = fresh;
  await page.route(ANSWER, (route) => route.fulfill({ json: answer }));
  await adminLogin(page);
  const backups = page.getByRole('region', { name: 'Backups' });
  await expect(backups.getByTestId('last-backup')).toHaveText('Jun 1, 2026, 3:30 AM · 5.1 MB');
  await expect(backups.getByRole('alert')).toHaveCount(0);

  answer = { ...fresh, stale: true };
  await page.reload();
  await expect(backups.getByRole('alert')).toContainText('The last backup is older than 36 hours');
  await expect(backups.getByRole('alert')).toContainText('The last one was made Jun 1, 2026, 3:30 AM.');
  await page.screenshot({ path: 'test-results/screenshots/admin-backup-alert-1280.png' });

  answer = { ...fresh, latest: null, stale: true };
  await page.reload();
  await expect(backups.getByRole('alert')).toContainText('No backup yet');
  await expect(backups.getByTestId('last-backup')).toHaveText('None yet');
});
