// @vitest-environment happy-dom
import type { CompanyProfile } from '@complivue/shared/schemas/companies';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, renderComponent } from '../../test/render.tsx';
import { Button } from './ui/button.tsx';
import { CompanyProfileForm } from './company-profile-form.tsx';

const blank: CompanyProfile = {
  id: 'company-1',
  name: 'First Community Credit Union',
  institutionType: null,
  assetsSize: null,
  primaryRegulator: null,
  statesOfOperation: [],
  regulationAreas: [],
  updatedAt: '2026-01-05T12:00:00.000Z',
};

function open(profile = blank) {
  const onSaved = vi.fn();
  const view = renderComponent(
    <CompanyProfileForm
      complete
      profile={profile}
      onSaved={onSaved}
      actions={(busy) => <Button type="submit">{busy ? 'Saving...' : 'Save profile'}</Button>}
    />,
  );
  return { ...view, onSaved, save: () => view.user.click(screen.getByText('Save profile')) };
}

describe('Company profile form', () => {
  it('names every missing choice beside its field, and sends nothing', async () => {
    const calls = answerApi(() => ({ body: blank }));
    const view = open();
    for (const area of screen.getAllByRole('checkbox')) {
      if ((area as HTMLInputElement).checked) await view.user.click(area);
    }
    await view.save();
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Choose an institution type',
      'Choose an asset size',
      'Choose a primary regulator',
      'Choose at least one regulation area',
    ]);
    expect(screen.getByLabelText('Primary regulator').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    expect(view.onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's refusal above the form", async () => {
    answerApi(() => ({
      status: 403,
      body: { error: { code: 'forbidden', message: 'Only an administrator can do this.' } },
    }));
    const view = open({
      ...blank,
      institutionType: 'credit_union',
      assetsSize: 'under_100m',
      primaryRegulator: 'ncua',
    });
    await view.save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only an administrator can do this.',
    );
    expect(view.onSaved).not.toHaveBeenCalled();
  });

  it('sends the whole profile, lists in their shown order, and hands back the saved one', async () => {
    const saved = { ...blank, institutionType: 'community_bank' as const };
    const calls = answerApi(() => ({ body: saved }));
    const view = open();
    await view.user.selectOptions(screen.getByLabelText('Institution type'), 'community_bank');
    await view.user.selectOptions(screen.getByLabelText('Total assets'), '500m_1b');
    await view.user.selectOptions(screen.getByLabelText('Primary regulator'), 'fdic');
    await view.user.click(
      screen.getByRole('button', { name: 'Use the suggestion for my institution type' }),
    );
    await view.user.click(screen.getByLabelText('Texas'));
    await view.user.click(screen.getByLabelText('Iowa'));
    await view.save();
    await expect.poll(() => view.onSaved.mock.calls).toEqual([[saved]]);
    expect(calls).toHaveLength(1);
    const { method, path, body } = calls[0]!;
    expect([method, path]).toEqual(['PATCH', '/api/company']);
    expect(body).toMatchObject({
      name: 'First Community Credit Union',
      institutionType: 'community_bank',
      assetsSize: '500m_1b',
      primaryRegulator: 'fdic',
      statesOfOperation: ['IA', 'TX'],
    });
    expect((body as { regulationAreas: string[] }).regulationAreas).toContain('cra');
    expect(view.queryClient.getQueryData(['company-profile'])).toEqual(saved);
  });
});
