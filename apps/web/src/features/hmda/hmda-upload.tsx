import {
  HMDA_PERIODS,
  HMDA_PERIOD_LABELS,
  HMDA_YEARS,
  type HmdaPeriod,
} from '@complivue/shared/schemas/hmda';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { userFacingMessage } from '@/lib/api-client';
import { useRunHmdaCheck } from './api.ts';
import { hmdaCheckPath } from './links.ts';

/**
 * The upload: the pipe-delimited file the institution would submit to the CFPB, and the filing
 * to check it as (by default the Transmittal Sheet's year and quarter). The report opens when
 * the check is done.
 */
export function HmdaUpload() {
  const id = useId();
  const navigate = useNavigate();
  const run = useRunHmdaCheck();
  const [file, setFile] = useState<File | null>(null);
  const [year, setYear] = useState('');
  const [period, setPeriod] = useState('');
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMissing(!file);
    if (!file) return;
    const check = await run.mutateAsync({
      file,
      year: year ? Number(year) : undefined,
      period: (period || undefined) as HmdaPeriod | undefined,
    });
    await navigate(hmdaCheckPath(check.id));
  }

  return (
    <Card className="space-y-3 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Check a HMDA file</h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Upload the Loan/Application Register as you would submit it to the CFPB’s HMDA Platform: a
        pipe-delimited text file, the Transmittal Sheet first. Up to 600 MB (about a million rows).
        The file and its results are kept in this history.
      </p>
      <form
        onSubmit={(event) => void submit(event).catch(() => undefined)}
        noValidate
        className="space-y-3"
        aria-label="Check a HMDA file"
      >
        {run.isError && (
          <Alert variant="destructive">
            {userFacingMessage(run.error, 'The file could not be checked.')}
          </Alert>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <Label htmlFor={`${id}-file`}>HMDA file</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".txt,text/plain"
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-file-error` : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissing(false);
              }}
            />
            {missing && (
              <p id={`${id}-file-error`} className="mt-1 text-sm text-red-700">
                Choose the HMDA file to check.
              </p>
            )}
          </div>
          <div>
            <Label htmlFor={`${id}-year`}>Filing year</Label>
            <Select
              id={`${id}-year`}
              value={year}
              onChange={(event) => setYear(event.target.value)}
            >
              <option value="">As the Transmittal Sheet says</option>
              {HMDA_YEARS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-period`}>Filing period</Label>
            <Select
              id={`${id}-period`}
              value={period}
              onChange={(event) => setPeriod(event.target.value)}
            >
              <option value="">As the Transmittal Sheet says</option>
              {HMDA_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {HMDA_PERIOD_LABELS[value]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Checking…' : 'Check the file'}
        </Button>
      </form>
    </Card>
  );
}
