/**
 * Deletes in bounded batches: `deleteUpTo(batch)` is called until it deletes fewer than `batch` rows or `maxBatches`
 * calls were made. Each call is its own statement, so no lock is held long (and on the embedded engine other
 * statements get their turn in between); a backlog larger than one run is finished by the job's next runs. Returns
 * how many rows were deleted.
 */
export async function deleteInBatches(
  deleteUpTo: (limit: number) => Promise<number>,
  limits: { batch: number; maxBatches: number },
): Promise<number> {
  let total = 0;
  for (let i = 0; i < limits.maxBatches; i++) {
    const n = await deleteUpTo(limits.batch);
    total += n;
    if (n < limits.batch) break;
  }
  return total;
}
