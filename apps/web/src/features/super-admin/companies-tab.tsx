import { PLAN_NAMES, SUBSCRIPTION_STATUSES } from '@complivue/shared/plans';
import { INSTITUTION_TYPE_LABELS } from '@complivue/shared/institutions';
import {
  companySubscriptionFormSchema,
  type adminCompanySchema,
} from '@complivue/shared/schemas/admin';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Form, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { findCompanies, useSetCompanySubscription } from './api.ts';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { usePagedSearch } from './use-paged-search.ts';

type AdminCompany = z.infer<typeof adminCompanySchema>;

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** The editor's controls are compact: one row of them under each institution. */
const COMPACT = 'h-8 w-auto px-2';

/** Sets a company's plan by hand (invoiced customers, corrections). */
function PlanEditor({ company }: { company: AdminCompany }) {
  const form = useZodForm(companySubscriptionFormSchema, {
    planName: company.subscription?.planName ?? 'basic',
    status: company.subscription?.status ?? 'active',
    currentPeriodEnd: day(company.subscription?.currentPeriodEnd),
    trialEnd: day(company.subscription?.trialEnd),
  });
  const setSubscription = useSetCompanySubscription(company.id);
  // A refusal is said in a toast, as the console's other row actions do, not above the row.
  const save = (values: z.output<typeof companySubscriptionFormSchema>) =>
    setSubscription.mutate(values, {
      onSuccess: () => toast.success(`${company.name}: plan saved.`),
      onError: (caught) =>
        toast.error(
          caught instanceof ApiClientError ? caught.message : 'The plan could not be saved.',
        ),
    });
  return (
    <Form
      form={form}
      failure="The plan could not be saved."
      onSubmit={save}
      className="flex flex-wrap items-end gap-2"
      aria-label={`Plan of ${company.name}`}
    >
      <SelectField name="planName" label="Plan" className={COMPACT}>
        {PLAN_NAMES.map((plan) => (
          <option key={plan}>{plan}</option>
        ))}
      </SelectField>
      <SelectField name="status" label="Status" className={COMPACT}>
        {SUBSCRIPTION_STATUSES.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </SelectField>
      <TextField name="currentPeriodEnd" label="Period ends" type="date" className={COMPACT} />
      <TextField name="trialEnd" label="Trial ends" type="date" className={COMPACT} />
      <Button type="submit" size="sm" variant="secondary" disabled={setSubscription.isPending}>
        Save plan
      </Button>
    </Form>
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
