import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { AvatarEditor } from './avatar-editor.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DevicesList } from './devices-list.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

export function ProfilePage() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Your profile</h1>
        <p className="mt-1 text-sm text-slate-700">{session.user.email}</p>
      </div>
      <Section id="profile-picture" title="Picture">
        <AvatarEditor session={session} />
      </Section>
      <Section id="profile-details" title="Details and notifications">
        <ProfileDetailsForm session={session} />
      </Section>
      <Section id="profile-password" title="Password">
        <ChangePasswordForm email={session.user.email} />
      </Section>
      <Section id="profile-two-factor" title="Two-factor authentication">
        <TwoFactorSettings session={session} />
      </Section>
      <Section id="profile-devices" title="Signed-in devices">
        <DevicesList />
      </Section>
    </div>
  );
}
