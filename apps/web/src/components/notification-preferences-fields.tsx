import {
  EMAIL_DIGESTS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
} from '@complivue/shared/schemas/profile';
import type { ReactNode } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { SelectField } from '@/components/form/form-fields';

const DIGEST_LABELS = { off: 'Off', daily: 'Daily', weekly: 'Weekly' } as const;
const CHANNELS = ['in_app', 'email'] as const;

/**
 * Which notifications go where, and the email digest: a member's own choice in their profile,
 * or the institution's defaults in Settings › Notifications. Fields of the surrounding form,
 * at `prefix` (`notificationPreferences.` in the profile, nothing when the form is just this).
 */
export function NotificationPreferencesFields({
  legend,
  description,
  prefix = '',
}: {
  legend: string;
  description?: ReactNode;
  prefix?: '' | `${string}.`;
}) {
  const { register } = useFormContext();
  return (
    <fieldset>
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-2 font-medium">
              Category
            </th>
            <th scope="col" className="w-24 py-2 text-center font-medium">
              In the app
            </th>
            <th scope="col" className="w-24 py-2 text-center font-medium">
              By email
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {NOTIFICATION_CATEGORIES.map((category) => (
            <tr key={category}>
              <th scope="row" className="py-2 font-normal text-slate-900">
                {NOTIFICATION_CATEGORY_LABELS[category]}
              </th>
              {CHANNELS.map((channel) => (
                <td key={channel} className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    aria-label={`${NOTIFICATION_CATEGORY_LABELS[category]} ${channel === 'email' ? 'by email' : 'in the app'}`}
                    {...register(`${prefix}categories.${category}.${channel}`)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 max-w-xs">
        <SelectField<FieldValues> name={`${prefix}email_digest`} label="Email digest">
          {EMAIL_DIGESTS.map((digest) => (
            <option key={digest} value={digest}>
              {DIGEST_LABELS[digest]}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
