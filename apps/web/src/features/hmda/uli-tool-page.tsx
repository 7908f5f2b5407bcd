import {
  LOAN_ID_PATTERN,
  ULI_PATTERN,
  isValidUli,
  uliCheckDigit,
} from '@complivue/shared/hmda/uli';
import { useId, useState } from 'react';
import { BackLink } from '@/components/back-link';
import { DataTable } from '@/components/data-table';
import { StatusToken } from '@/components/status-token';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';

/** At most this many identifiers are read from the box at once. */
const MAX_LINES = 1_000;

interface UliLine {
  input: string;
  outcome: 'computed' | 'valid' | 'invalid' | 'unreadable';
  result: string;
}

export type UliMode = 'compute' | 'validate';

/**
 * One line of the box. Computing, a loan ID (the LEI and the loan's characters, 21 to 43) gets
 * its check digit; validating, a ULI (23 to 45) is checked against its last two digits. The
 * person says which: a ULI is also a well-formed loan ID, so the line alone cannot tell.
 */
export function readUliLine(input: string, mode: UliMode): UliLine {
  if (mode === 'compute') {
    if (!LOAN_ID_PATTERN.test(input)) {
      return { input, outcome: 'unreadable', result: 'A loan ID is 21 to 43 letters and digits.' };
    }
    const digit = uliCheckDigit(input);
    return { input, outcome: 'computed', result: `Check digit ${digit}: ULI ${input}${digit}` };
  }
  if (!ULI_PATTERN.test(input)) {
    return { input, outcome: 'unreadable', result: 'A ULI is 23 to 45 letters and digits.' };
  }
  if (isValidUli(input)) {
    return { input, outcome: 'valid', result: 'Valid ULI: the check digit is right.' };
  }
  return {
    input,
    outcome: 'invalid',
    result: `Not a valid ULI: the check digit for ${input.slice(0, -2)} is ${uliCheckDigit(input.slice(0, -2))}.`,
  };
}

const MODES: { mode: UliMode; label: string }[] = [
  { mode: 'compute', label: 'Compute check digits' },
  { mode: 'validate', label: 'Validate ULIs' },
];

const TONES = {
  computed: 'compliant',
  valid: 'compliant',
  invalid: 'failing',
  unreadable: 'failing',
} as const;
const WORDS = {
  computed: 'Computed',
  valid: 'Valid',
  invalid: 'Invalid',
  unreadable: 'Unreadable',
};

/**
 * `/hmda-checks/uli`: the check digit of appendix C to 12 CFR part 1003, computed or validated
 * in the browser for one identifier or a pasted list (nothing is sent anywhere).
 */
export function UliToolPage() {
  const id = useId();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<UliMode>('compute');
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, MAX_LINES)
    .map((line) => readUliLine(line, mode));
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <BackLink to={paths.hmdaChecks}>HMDA checks</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">ULI check digit</h1>
        <p className="max-w-3xl text-slate-700">
          A Universal Loan Identifier is the institution’s LEI, up to 23 characters for the loan,
          and a two-digit check digit computed by ISO/IEC 7064 MOD 97-10 (12 CFR 1003.4(a)(1)(i) and
          appendix C to part 1003). Enter loan IDs to get their check digits, or ULIs to validate
          them, one per line (up to 1,000).
        </p>
      </header>
      <Card className="space-y-3 p-4 sm:p-6">
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">What to do</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-900">
            {MODES.map((choice) => (
              <label key={choice.mode} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={choice.mode}
                  checked={mode === choice.mode}
                  onChange={() => setMode(choice.mode)}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Label htmlFor={`${id}-ids`}>
          {mode === 'compute' ? 'Loan IDs, one per line' : 'ULIs, one per line'}
        </Label>
        <textarea
          id={`${id}-ids`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          spellCheck={false}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        />
      </Card>
      {lines.length > 0 && (
        <DataTable
          caption="Check digits and validations"
          rows={lines}
          rowKey={(line) => line.input}
          columns={[
            { header: 'Identifier', cell: (line) => line.input, className: 'font-mono break-all' },
            {
              header: 'Outcome',
              cell: (line) => (
                <StatusToken tone={TONES[line.outcome]}>{WORDS[line.outcome]}</StatusToken>
              ),
            },
            { header: 'Result', cell: (line) => line.result, className: 'break-all' },
          ]}
        />
      )}
    </div>
  );
}
