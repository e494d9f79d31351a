/** Old rows are deleted this many at a time, so no statement holds many locks or runs long. */
export const PRUNE_BATCH = 1000;

/**
 * Runs `step` (which deletes at most `batch` rows and says how many) until a step deletes fewer: a table's
 * old rows go in short transactions. Returns how many went in all.
 */
export async function inBatches(step: (batch: number) => Promise<number>, batch = PRUNE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await step(batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}
