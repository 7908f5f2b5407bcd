import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `column IN ('a', 'b', …)` for CHECK constraints, from the one list in packages/shared. */
export function inList(column: AnyColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(literals)})`;
}
