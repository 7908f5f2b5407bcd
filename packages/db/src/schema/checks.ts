import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `column IN ('a', 'b', …)` for CHECK constraints, from the one list in packages/shared. */
export function inList(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(quoted(values))})`;
}

/** `column <@ ARRAY['a', 'b', …]`: every element of a text[] column is one of the list. */
export function allInList(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} <@ ARRAY[${sql.raw(quoted(values))}]::text[]`;
}

const quoted = (values: readonly string[]) =>
  values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
