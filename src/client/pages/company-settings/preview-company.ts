import type { DocumentCompany } from '../../../shared/document';
import { SAMPLE_COMPANY } from '../../../shared/document';

/** The profile fields the document shows (the profile has more; it has these under the same names). */
type CompanyFields = { [K in keyof DocumentCompany]?: string | null };

/**
 * The company on the preview: the user's own data where filled in, the sample company's elsewhere, so
 * a fresh account still sees a complete document.
 */
export function previewCompany(profile: CompanyFields | null | undefined): DocumentCompany {
  const company = { ...SAMPLE_COMPANY };
  if (!profile) return company;
  for (const key of Object.keys(SAMPLE_COMPANY) as (keyof DocumentCompany)[]) {
    const value = profile[key]?.trim();
    if (value) company[key] = value;
  }
  return company;
}
