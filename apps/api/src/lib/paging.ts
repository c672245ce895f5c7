/** The `next` and `previous` links of a paged answer (`{count, next, previous, results}`, like /api/users/all/). */
export function pageLinks(
  path: string,
  { page, page_size }: { page: number; page_size: number },
  count: number,
  filters: Record<string, string | undefined> = {},
): { next: string | null; previous: string | null } {
  const link = (target: number) => {
    const params = new URLSearchParams({ page: String(target), page_size: String(page_size) });
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
    return `${path}?${params}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / page_size));
  return {
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
  };
}
