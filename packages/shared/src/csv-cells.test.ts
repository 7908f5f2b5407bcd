import { describe, expect, it } from 'vitest';
import { csvText } from './csv-cells.ts';

describe('csvText', () => {
  it('quotes what needs quoting and disarms formulas', () => {
    expect(
      csvText(
        ['Month', 'Note'],
        [
          ['Oct 2026', 'said "no", then yes'],
          ['=HYPERLINK("x")', null],
          ['-3', 4],
        ],
      ),
    ).toBe(
      'Month,Note\r\nOct 2026,"said ""no"", then yes"\r\n"\'=HYPERLINK(""x"")",\r\n\'-3,4\r\n',
    );
  });
});
