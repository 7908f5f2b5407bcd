import { createCompanyFormSchema } from '@complivue/shared/schemas/companies';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField } from '@/components/form/form-fields';
import { Card } from '@/components/ui/card';
import { InstitutionFields } from '@/components/institution-fields';
import { useCreateCompany } from './api.ts';

/**
 * For an account that belongs to no institution (made by the CLI, or left by its company):
 * create one, or ask an administrator for an invitation. Joining by name is not offered.
 */
export function CreateCompanyPrompt() {
  const form = useZodForm(createCompanyFormSchema, {
    name: '',
    institutionType: '',
    assetsSize: '',
  });
  const createCompany = useCreateCompany();

  return (
    <Card className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold text-slate-900">Set up your institution</h1>
      <p className="mt-2 text-sm text-slate-700">
        Your account does not belong to an institution yet. If your institution already uses
        Complivue, ask its administrator to invite you. Otherwise, create it here: you become its
        administrator and a 14-day free trial starts, with no credit card.
      </p>
      <Form
        form={form}
        failure="The institution could not be created."
        className="mt-6 space-y-4"
        onSubmit={(values) => createCompany.mutateAsync(values)}
      >
        <TextField name="name" label="Institution name" autoComplete="organization" />
        <InstitutionFields />
        <SubmitButton pendingLabel="Creating...">Create institution</SubmitButton>
      </Form>
    </Card>
  );
}
