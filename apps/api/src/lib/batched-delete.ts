/**
 * A delete of old rows in batches (retention, decision 068): each statement removes at most `batch` rows, so one run
 * never holds a table (or the embedded database) for long; the signal is checked between batches.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batch: number,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await deleteBatch(batch);
    deleted += rows;
    if (rows < batch) return deleted;
  }
}
