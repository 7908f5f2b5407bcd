import { PLAN_NAMES, SUBSCRIPTION_STATUSES } from '@complivue/shared/plans';
import { INSTITUTION_TYPE_LABELS } from '@complivue/shared/institutions';
import type { adminCompanySchema } from '@complivue/shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { findCompanies, setCompanySubscription } from './api.ts';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { usePagedSearch } from './use-paged-search.ts';

type AdminCompany = z.infer<typeof adminCompanySchema>;

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const endOfDay = (value: string) => (value ? new Date(`${value}T23:59:59Z`).toISOString() : null);

/** Sets a company's plan by hand (invoiced customers, corrections). */
function PlanEditor({ company }: { company: AdminCompany }) {
  const queryClient = useQueryClient();
  const [planName, setPlanName] = useState(company.subscription?.planName ?? 'basic');
  const [status, setStatus] = useState(company.subscription?.status ?? 'active');
  const [periodEnd, setPeriodEnd] = useState(day(company.subscription?.currentPeriodEnd));
  const [trialEnd, setTrialEnd] = useState(day(company.subscription?.trialEnd));
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await setCompanySubscription(company.id, {
        planName,
        status,
        currentPeriodEnd: endOfDay(periodEnd),
        trialEnd: endOfDay(trialEnd),
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] });
      toast.success(`${company.name}: plan saved.`);
    } catch (caught) {
      toast.error(
        caught instanceof ApiClientError ? caught.message : 'The plan could not be saved.',
      );
    } finally {
      setBusy(false);
    }
  }
  const field = 'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm';
  return (
    <form
      onSubmit={save}
      className="flex flex-wrap items-end gap-2"
      aria-label={`Plan of ${company.name}`}
    >
      <label className="text-xs text-slate-600">
        Plan
        <select
          className={`${field} block`}
          value={planName}
          onChange={(e) => setPlanName(e.target.value as typeof planName)}
        >
          {PLAN_NAMES.map((plan) => (
            <option key={plan}>{plan}</option>
          ))}
        </select>
      </label>
      <label className="text-xs text-slate-600">
        Status
        <select
          className={`${field} block`}
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
        >
          {SUBSCRIPTION_STATUSES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </label>
      <label className="text-xs text-slate-600">
        Period ends
        <input
          type="date"
          className={`${field} block`}
          value={periodEnd}
          onChange={(e) => setPeriodEnd(e.target.value)}
        />
      </label>
      <label className="text-xs text-slate-600">
        Trial ends
        <input
          type="date"
          className={`${field} block`}
          value={trialEnd}
          onChange={(e) => setTrialEnd(e.target.value)}
        />
      </label>
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        Save plan
      </Button>
    </form>
  );
}

export function CompaniesTab() {
  const { result: companies, setPage, search } = usePagedSearch('companies', findCompanies);
  return (
    <div>
      <SearchBox label="Search institutions by name" onSearch={search} />
      {companies.isPending ? (
        <Spinner label="Loading institutions" />
      ) : companies.isError ? (
        <Alert variant="destructive">{companies.error.message}</Alert>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {companies.data.items.map((company) => (
              <li key={company.id} className="py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium text-slate-900">{company.name}</p>
                  <p className="text-sm text-slate-600">
                    {company.institutionType
                      ? INSTITUTION_TYPE_LABELS[company.institutionType]
                      : 'Type not given'}{' '}
                    · {company.memberCount} member{company.memberCount === 1 ? '' : 's'} ·{' '}
                    {company.subscription
                      ? `${company.subscription.planName}, ${company.subscription.status}`
                      : 'no subscription'}
                  </p>
                </div>
                <div className="mt-2">
                  <PlanEditor company={company} />
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={companies.data.page}
            pageSize={companies.data.pageSize}
            total={companies.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
