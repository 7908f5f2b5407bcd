import {
  ASSETS_SIZES,
  ASSETS_SIZE_LABELS,
  INSTITUTION_TYPES,
  INSTITUTION_TYPE_LABELS,
  type AssetsSize,
  type InstitutionType,
} from '@complivue/shared/institutions';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';

/** The institution's type and asset band, as sign-up and company creation ask for them. */
export function InstitutionFields({
  institutionType,
  assetsSize,
  onInstitutionTypeChange,
  onAssetsSizeChange,
}: {
  institutionType: InstitutionType | '';
  assetsSize: AssetsSize | '';
  onInstitutionTypeChange: (value: InstitutionType | '') => void;
  onAssetsSizeChange: (value: AssetsSize | '') => void;
}) {
  return (
    <>
      <FormField label="Institution type">
        {({ id }) => (
          <Select
            id={id}
            value={institutionType}
            onChange={(event) =>
              onInstitutionTypeChange(event.target.value as InstitutionType | '')
            }
          >
            <option value="">Choose…</option>
            {INSTITUTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {INSTITUTION_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Total assets">
        {({ id }) => (
          <Select
            id={id}
            value={assetsSize}
            onChange={(event) => onAssetsSizeChange(event.target.value as AssetsSize | '')}
          >
            <option value="">Choose…</option>
            {ASSETS_SIZES.map((size) => (
              <option key={size} value={size}>
                {ASSETS_SIZE_LABELS[size]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </>
  );
}
