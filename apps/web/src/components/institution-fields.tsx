import {
  ASSETS_SIZES,
  ASSETS_SIZE_LABELS,
  INSTITUTION_TYPES,
  INSTITUTION_TYPE_LABELS,
} from '@complivue/shared/institutions';
import { SelectField } from '@/components/form/form-fields';

/**
 * The institution's type and asset band, as sign-up, company creation and the company profile
 * ask for them: two selects of the surrounding form, named `institutionType` and `assetsSize`.
 */
export function InstitutionFields() {
  return (
    <>
      <SelectField name="institutionType" label="Institution type">
        <option value="">Choose…</option>
        {INSTITUTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {INSTITUTION_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <SelectField name="assetsSize" label="Total assets">
        <option value="">Choose…</option>
        {ASSETS_SIZES.map((size) => (
          <option key={size} value={size}>
            {ASSETS_SIZE_LABELS[size]}
          </option>
        ))}
      </SelectField>
    </>
  );
}
