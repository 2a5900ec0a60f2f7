/**
 * The 栏目 facet: a column belongs to one journal, and several journals may name a column
 * alike; such names carry their journal, so no name stands twice for different things.
 */
export function columnFacetItems(columns: { id?: number | null; name?: string | null; journalName?: string | null; count: number }[]) {
  const seen = new Map<string, number>();
  for (const column of columns) seen.set(column.name ?? '', (seen.get(column.name ?? '') ?? 0) + 1);
  return columns.map((column) => {
    const name = column.name ?? '';
    const label = (seen.get(name) ?? 0) > 1 && column.journalName ? `${name}（${column.journalName}）` : name;
    return { key: column.id ?? 0, label, count: column.count };
  });
}
