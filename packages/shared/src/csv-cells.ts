/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) is prefixed
 * with an apostrophe: an exported file must not run code when an examiner opens it (OWASP CSV
 * injection). The API's streamed exports and the browser's chart downloads both write cells
 * through this.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A small table as RFC 4180 CSV text with a header row (CRLF line ends), every cell made safe. */
export function csvText(
  columns: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [columns, ...rows]
    .map((row) =>
      row.map((cell) => quoted(neutraliseFormula(cell === null ? '' : String(cell)))).join(','),
    )
    .join('\r\n')
    .concat('\r\n');
}
