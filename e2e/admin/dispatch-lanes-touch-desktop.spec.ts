import { expect, test, type Locator, type Page } from '../support/test';
import { addDays, adminLogin, clearLanesDay, pacificToday, unassignedJob } from './admin-support';

test.describe.configure({ timeout: 90_000 });
// A tablet's finger on the 1280×800 board: the browser gets real touches (and makes touch pointer events of them).
test.use({ hasTouch: true });

const DIEGO = 'Diego Ramirez';
const PRIYA = 'Priya Shah';

/** A finger pressing `from`'s middle and sliding, in steps, to `to`'s middle before lifting: real touch input through the DevTools protocol. */
async function touchDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: b.y + Math.min(b.height / 2, 60) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x + ((end.x - start.x) * i) / 10, y: start.y + ((end.y - start.y) * i) / 10 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test("a finger drags a job by its grip onto a free technician's lane, and onto a busy one gets the refusal naming the job there", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Five days ahead: a day of its own (the other lanes spec works three days ahead, the dispatch spec tomorrow).
  const day = addDays(pacificToday(), 5);
  await adminLogin(page);
  const [diego, priya] = await clearLanesDay(page.request, day, [DIEGO, PRIYA], 'Lanes touch spec');
  const stamp = Date.now();
  const make = (customerName: string) => unassignedJob(page.request, day, customerName);
  const busyName = `Touch Lou ${stamp}`;
  const busy = await make(busyName);
  const waiting = await make(`Touch Bea ${stamp}`);
  expect((await page.request.post(`/api/drivers/${diego.id}/assign/${busy.id}`, { data: { override: true } })).status()).toBe(200);
  const jobsOf = async (technicianId: string) =>
    ((await (await page.request.get(`/api/admin/bookings?driverId=${technicianId}&from=${day}&to=${day}&pageSize=100`)).json()) as { items: Array<{ id: string }> }).items.map((b) => b.id);

  await page.goto('/admin/dispatch');
  await page.getByRole('button', { name: 'Lanes' }).click();
  await page.getByLabel('Lanes day').fill(day);
  const unassigned = page.getByRole('region', { name: 'Lane: Unassigned' });
  const diegoLane = page.getByRole('region', { name: `Lane: ${DIEGO}` });
  const priyaLane = page.getByRole('region', { name: `Lane: ${PRIYA}` });
  const block = page.getByTestId(`lane-job-${waiting.number}`);
  const grip = block.getByTestId('lane-job-grip');
  await expect(unassigned.getByTestId(`lane-job-${waiting.number}`)).toBeVisible();
  await expect(diegoLane.getByTestId(`lane-job-${busy.number}`)).toBeVisible();
  // Only the grip keeps the finger for the drag: a swipe anywhere else on the block pans the page as usual.
  expect(await grip.evaluate((e) => getComputedStyle(e).touchAction)).toBe('none');
  expect(await block.evaluate((e) => getComputedStyle(e).touchAction)).toBe('auto');

  // By its grip onto Priya's free lane: moved, on the server too.
  await touchDrag(page, grip, priyaLane);
  await expect(page.getByText('Job moved')).toBeVisible();
  await expect(priyaLane.getByTestId(`lane-job-${waiting.number}`)).toBeVisible();
  await expect(unassigned.getByTestId(`lane-job-${waiting.number}`)).toHaveCount(0);
  expect(await jobsOf(priya.id)).toContain(waiting.id);
  // The toast sits over Priya's lane in the bottom-right corner until it goes.
  await expect(page.getByText('Job moved')).toHaveCount(0, { timeout: 15_000 });

  // From Priya's lane onto Diego's, busy at 10:00: refused, naming the job in the way; Cancel leaves it with Priya.
  await touchDrag(page, priyaLane.getByTestId(`lane-job-${waiting.number}`).getByTestId('lane-job-grip'), diegoLane);
  const conflict = page.getByRole('dialog', { name: 'Assign anyway?' });
  await expect(conflict.getByTestId('assignment-conflict')).toContainText('overlaps');
  await expect(conflict.getByTestId('assignment-conflict')).toContainText(busyName);
  await expect(conflict.getByTestId('assignment-conflict')).toContainText(DIEGO);
  await page.screenshot({ path: 'test-results/screenshots/dispatch-lanes-touch-conflict-1280.png' });
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(priyaLane.getByTestId(`lane-job-${waiting.number}`)).toBeVisible();
  expect(await jobsOf(priya.id)).toContain(waiting.id);
  expect(await jobsOf(diego.id)).not.toContain(waiting.id);

  // A finger on the block's body sliding back to Unassigned pans at most: the job stays with Priya.
  // (Leftwards: a rightward swipe at the page's edge is the browser's own Back gesture.)
  await touchDrag(page, priyaLane.getByText(`Touch Bea ${stamp}`), unassigned);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(priyaLane.getByTestId(`lane-job-${waiting.number}`)).toBeVisible();
  expect(await jobsOf(priya.id)).toContain(waiting.id);

  // A mouse still drags the whole block (pointer events serve both): back to Unassigned, on the server too.
  // (The swipe may have panned the lanes sideways, and its fling may still be running: scroll them back to the
  // start until they are still there a moment later, with Unassigned whole and Priya's block in view.)
  await expect
    .poll(
      () =>
        unassigned.evaluate(async (lane) => {
          for (let box = lane.parentElement; box; box = box.parentElement) if (box.scrollWidth > box.clientWidth) box.scrollLeft = 0;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return Math.round(lane.getBoundingClientRect().x);
        }),
      { timeout: 15_000, intervals: [100] },
    )
    .toBeGreaterThan(200);
  const body = (await priyaLane.getByText(`Touch Bea ${stamp}`).boundingBox())!;
  const target = (await unassigned.boundingBox())!;
  await page.mouse.move(body.x + body.width / 2, body.y + body.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + 60, { steps: 10 });
  await page.mouse.up();
  await expect(unassigned.getByTestId(`lane-job-${waiting.number}`)).toBeVisible();
  expect(await jobsOf(priya.id)).not.toContain(waiting.id);
});
