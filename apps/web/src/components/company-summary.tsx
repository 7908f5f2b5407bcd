import {
  ASSETS_SIZE_LABELS,
  INSTITUTION_TYPE_LABELS,
  PRIMARY_REGULATOR_LABELS,
  US_STATES,
} from '@complivue/shared/institutions';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { CompanyProfile } from '@complivue/shared/schemas/companies';

/** What a member who cannot change the institution's profile sees of it. */
export function CompanySummary({ profile }: { profile: CompanyProfile }) {
  const rows: [string, string][] = [
    [
      'Institution type',
      profile.institutionType ? INSTITUTION_TYPE_LABELS[profile.institutionType] : 'Not set',
    ],
    ['Total assets', profile.assetsSize ? ASSETS_SIZE_LABELS[profile.assetsSize] : 'Not set'],
    [
      'Primary regulator',
      profile.primaryRegulator ? PRIMARY_REGULATOR_LABELS[profile.primaryRegulator] : 'Not set',
    ],
    [
      'Regulation areas',
      profile.regulationAreas.map((area) => REGULATION_AREA_INFO[area].tag).join(', ') || 'Not set',
    ],
    [
      'States of operation',
      profile.statesOfOperation.map((code) => US_STATES[code]).join(', ') || 'Not set',
    ],
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Your administrator keeps {profile.name}’s profile; it decides which rules and deadlines you
        see.
      </p>
      <dl className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-3 gap-2 px-3 py-2">
            <dt className="font-medium text-slate-700">{term}</dt>
            <dd className="col-span-2 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
