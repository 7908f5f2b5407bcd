// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/browser-storage';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { adminSession } from '../../../test/session-fixture.ts';
import { OnboardingWizard } from './onboarding-wizard.tsx';

describe('Onboarding wizard', () => {
  afterEach(() => sessionStorage.clear());

  it('opens at the first step the first time', async () => {
    answerApi(() => ({ body: {} }));
    renderComponent(<OnboardingWizard session={adminSession} onClose={() => undefined} />);
    expect(await screen.findByText(/^Step 1 of \d$/)).toBeTruthy();
  });

  it('reopens after a reload at the step the user had reached, not at a step already saved', async () => {
    sessionStorage.setItem(storageKeys.onboardingStep(adminSession.user.id), 'company');
    answerApi(() => ({ body: {} }));
    renderComponent(<OnboardingWizard session={adminSession} onClose={() => undefined} />);
    expect(await screen.findByText(/^Step 2 of \d$/)).toBeTruthy();
  });
});
