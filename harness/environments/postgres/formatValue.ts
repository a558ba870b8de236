/** A column value as shown in evidence: JSON, cut to `limit` characters. */
export function formatValue(value: unknown, limit = 40): string {
  const text = value === undefined ? 'null' : JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** A row as `id=3, name="a"`, cut to `limit` characters. */
export function formatRow(row: Readonly<Record<string, unknown>>, limit = 120): string {
  const text = Object.entries(row)
    .map(([column, value]) => `${column}=${formatValue(value)}`)
    .join(', ');
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
