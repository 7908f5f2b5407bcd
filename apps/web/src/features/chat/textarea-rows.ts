/**
 * How many rows a growing textarea shows (from 1 to 3: docs/product.md § Chat assistant): the rows
 * its content needs, measured from its scroll height at one row, within the bounds. Beyond the
 * maximum it scrolls.
 */
export function textareaRows(options: {
  /** `scrollHeight` measured with `rows` set to the minimum. */
  scrollHeight: number;
  lineHeight: number;
  /** Top plus bottom padding (and borders, if the measure includes them). */
  verticalPadding: number;
  minRows: number;
  maxRows: number;
}): number {
  const { scrollHeight, lineHeight, verticalPadding, minRows, maxRows } = options;
  if (!(lineHeight > 0)) return minRows;
  // A fraction of a pixel from rounding must not add a row.
  const needed = Math.ceil((scrollHeight - verticalPadding) / lineHeight - 0.1);
  return Math.min(maxRows, Math.max(minRows, needed));
}
