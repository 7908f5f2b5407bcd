import type { LoanTestRequest } from '@complivue/shared/schemas/loan-tests';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldFailures } from '@/components/form/form';
import { LabelledControl } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { useLoanTestRecords, useSaveLoanTest } from './api.ts';
import { savedResultPath } from './links.ts';

/**
 * Saves the test just run to the institution's quality-control record: an open change or an
 * open finding, with the loan's reference. The server runs the test again from the same inputs
 * and keeps what it computed; the record's history says who saved which test.
 */
export function SaveLoanTest({ request }: { request: LoanTestRequest }) {
  const records = useLoanTestRecords();
  const save = useSaveLoanTest();
  const navigate = useNavigate();
  const [loanReference, setLoanReference] = useState('');
  const [target, setTarget] = useState('');
  const [note, setNote] = useState('');
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const [type, recordId] = target.split(':');
    try {
      const saved = await save.mutateAsync({
        ...request,
        loanReference,
        note,
        ...(type === 'change' ? { changeId: recordId } : {}),
        ...(type === 'finding' ? { findingId: recordId } : {}),
      });
      await navigate(savedResultPath(saved.id));
    } catch (caught) {
      const byField = Object.fromEntries(
        fieldFailures(caught).map(({ path, message }) => [path.split('.')[0]!, message]),
      );
      setFailures(byField);
      setFailure(userFacingMessage(caught, 'The test could not be saved. Please try again.'));
    }
  }

  return (
    <Card className="p-4 sm:p-6 print:hidden">
      <h2 className="text-lg font-semibold text-slate-900">Save to the loan’s QC record</h2>
      <QueryState query={records} loading="Loading the changes and findings">
        {(data) =>
          !data.canSaveToChanges && !data.canSaveToFindings ? (
            <p className="mt-2 text-sm text-slate-700">
              Saving a test to a regulatory change or a finding comes with change management and
              risk scoring (the Professional plan). Print this page for the loan file meanwhile.
            </p>
          ) : data.changes.length === 0 && data.findings.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              Your institution has no open change or finding to save this test to.{' '}
              {data.canSaveToFindings && (
                <Link
                  to={`${paths.riskScoring}?view=findings`}
                  className="text-brand-700 underline"
                >
                  Record a finding
                </Link>
              )}{' '}
              first, then run the test again.
            </p>
          ) : (
            <form
              onSubmit={submit}
              noValidate
              className="mt-3 space-y-4"
              aria-label="Save the test"
            >
              {failure && <Alert variant="destructive">{failure}</Alert>}
              <LabelledControl label="Loan number or reference" error={failures.loanReference}>
                {(ids) => (
                  <Input
                    {...ids}
                    value={loanReference}
                    onChange={(event) => setLoanReference(event.target.value)}
                    maxLength={100}
                  />
                )}
              </LabelledControl>
              <LabelledControl label="Save to" error={failures.changeId ?? failures.findingId}>
                {(ids) => (
                  <Select
                    {...ids}
                    value={target}
                    onChange={(event) => setTarget(event.target.value)}
                  >
                    <option value="">Choose a change or a finding</option>
                    {data.changes.length > 0 && (
                      <optgroup label="Regulatory changes">
                        {data.changes.map((change) => (
                          <option key={change.id} value={`change:${change.id}`}>
                            {change.label}
                          </option>
                        ))}
                      </optgroup>
                    )}
                    {data.findings.length > 0 && (
                      <optgroup label="Findings">
                        {data.findings.map((finding) => (
                          <option key={finding.id} value={`finding:${finding.id}`}>
                            {finding.label}
                          </option>
                        ))}
                      </optgroup>
                    )}
                  </Select>
                )}
              </LabelledControl>
              <LabelledControl label="Note (optional)">
                {(ids) => (
                  <Textarea
                    {...ids}
                    rows={2}
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                    maxLength={2000}
                  />
                )}
              </LabelledControl>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save the test'}
              </Button>
            </form>
          )
        }
      </QueryState>
    </Card>
  );
}
