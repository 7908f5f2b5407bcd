import type { AssetsSize, InstitutionType } from '@complivue/shared/institutions';
import { sessionResponseSchema } from '@complivue/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { InstitutionFields } from '@/components/institution-fields';
import { sessionQueryKey } from '@/lib/session';
import { ApiClientError, apiRequest } from '@/lib/api-client';

/**
 * For an account that belongs to no institution (made by the CLI, or left by its company):
 * create one, or ask an administrator for an invitation. Joining by name is not offered.
 */
export function CreateCompanyPrompt() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [institutionType, setInstitutionType] = useState<InstitutionType | ''>('');
  const [assetsSize, setAssetsSize] = useState<AssetsSize | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Institution name is required');
    setBusy(true);
    setError(null);
    try {
      const session = await apiRequest('/api/companies', {
        method: 'POST',
        body: {
          name: name.trim(),
          institutionType: institutionType || undefined,
          assetsSize: assetsSize || undefined,
        },
        schema: sessionResponseSchema,
      });
      queryClient.setQueryData(sessionQueryKey, session);
    } catch (caught) {
      setError(
        caught instanceof ApiClientError ? caught.message : 'The institution could not be created.',
      );
      setBusy(false);
    }
  }

  return (
    <Card className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold text-slate-900">Set up your institution</h1>
      <p className="mt-2 text-sm text-slate-700">
        Your account does not belong to an institution yet. If your institution already uses
        Complivue, ask its administrator to invite you. Otherwise, create it here: you become its
        administrator and a 14-day free trial starts, with no credit card.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        <FormField label="Institution name">
          {({ id }) => (
            <Input
              id={id}
              autoComplete="organization"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <InstitutionFields
          institutionType={institutionType}
          assetsSize={assetsSize}
          onInstitutionTypeChange={setInstitutionType}
          onAssetsSizeChange={setAssetsSize}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create institution'}
        </Button>
      </form>
    </Card>
  );
}
