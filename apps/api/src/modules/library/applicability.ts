import type { InstitutionType } from '@complivue/shared/institutions';
import type { Applicability } from '@complivue/shared/library';
import type { RegulationArea } from '@complivue/shared/regulation-areas';

/** What the institution's profile says about it, as far as applicability goes. */
export interface InstitutionFacts {
  institutionType: InstitutionType | null;
  regulationAreas: RegulationArea[];
}

export const profileIsComplete = (facts: InstitutionFacts) =>
  facts.institutionType !== null && facts.regulationAreas.length > 0;

/**
 * Whether an article or rule applies to the institution: its type is one the content names, and
 * its area is one the administrator selected (which is also how a Regulation C reporter says it
 * reports: by selecting HMDA). Until the profile is filled in, everything applies — leaving a
 * rule out on a guess is the riskier mistake.
 */
export function appliesTo(
  facts: InstitutionFacts,
  applicability: Applicability,
  area: RegulationArea,
): boolean {
  if (!profileIsComplete(facts)) return true;
  if (!applicability.institutionTypes.includes(facts.institutionType!)) return false;
  return facts.regulationAreas.includes(area);
}
