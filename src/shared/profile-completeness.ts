/**
 * How complete a company profile is (spec §9): the bar on the company settings screen (8 fields) and
 * the dashboard banner's score (4 base points + 1 per filled field of 6, out of 10).
 */
import { normaliseBtw } from './rules/btw-normalise';

export const PROFILE_FIELD_LABELS = {
  name: 'Naam',
  email: 'E-mail',
  company: 'Bedrijfsnaam',
  address: 'Adres',
  postalCode: 'Postcode',
  city: 'Plaats',
  kvkNumber: 'KVK-nummer',
  btwNumber: 'BTW-nummer',
  bankAccount: 'IBAN (bankrekening)',
} as const;
export type ProfileScoreField = keyof typeof PROFILE_FIELD_LABELS;

/** Company settings bar: 8 fields. */
export const COMPLETENESS_FIELDS = [
  'name',
  'email',
  'company',
  'address',
  'postalCode',
  'city',
  'kvkNumber',
  'btwNumber',
] as const satisfies readonly ProfileScoreField[];

/** Dashboard banner: 4 base points + 1 per filled field of these 6, out of 10. */
export const DASHBOARD_SCORE_FIELDS = [
  'address',
  'postalCode',
  'city',
  'kvkNumber',
  'btwNumber',
  'bankAccount',
] as const satisfies readonly ProfileScoreField[];
export const DASHBOARD_BASE_POINTS = 4;
export const DASHBOARD_SCORE_TOTAL = 10;
/** The banner shows a warning colour below this percentage… */
export const DASHBOARD_WARNING_BELOW_PERCENT = 70;
/** …and lists at most this many missing fields. */
export const DASHBOARD_MISSING_SHOWN = 3;

/** Any object with (some of) the profile's fields, e.g. the stored user in the browser. */
export type ProfileLike = Partial<Record<ProfileScoreField, string | null | undefined>>;

/** Non-blank; a bare 'NL' BTW number counts as empty (spec §5). */
export function isProfileFieldFilled(profile: ProfileLike, field: ProfileScoreField): boolean {
  const value = profile[field];
  if (typeof value !== 'string') return false;
  return (field === 'btwNumber' ? normaliseBtw(value) : value.trim()) !== '';
}

function missingOf(profile: ProfileLike, fields: readonly ProfileScoreField[]) {
  const missingFields = fields.filter((f) => !isProfileFieldFilled(profile, f));
  return { missingFields, missing: missingFields.map((f) => PROFILE_FIELD_LABELS[f]) };
}

export interface ProfileCompleteness {
  filled: number;
  total: 8;
  /** Rounded to a whole number. */
  percent: number;
  /** Dutch labels, in form order. */
  missing: string[];
  missingFields: ProfileScoreField[];
}

/** Company settings completeness: filled fields out of 8. */
export function profileCompleteness(profile: ProfileLike): ProfileCompleteness {
  const { missing, missingFields } = missingOf(profile, COMPLETENESS_FIELDS);
  const total = COMPLETENESS_FIELDS.length as 8;
  const filled = total - missingFields.length;
  return { filled, total, percent: Math.round((filled / total) * 100), missing, missingFields };
}

export interface DashboardProfileScore {
  /** 4 to 10. */
  score: number;
  total: 10;
  percent: number;
  /** All missing fields' Dutch labels; the banner shows the first DASHBOARD_MISSING_SHOWN. */
  missing: string[];
  missingFields: ProfileScoreField[];
  /** Warning colour: percent below 70. */
  warning: boolean;
}

/** Dashboard banner score: 4 base points + 1 per filled field among the 6, out of 10. */
export function dashboardProfileScore(profile: ProfileLike): DashboardProfileScore {
  const { missing, missingFields } = missingOf(profile, DASHBOARD_SCORE_FIELDS);
  const score = DASHBOARD_BASE_POINTS + DASHBOARD_SCORE_FIELDS.length - missingFields.length;
  const percent = Math.round((score / DASHBOARD_SCORE_TOTAL) * 100);
  return {
    score,
    total: DASHBOARD_SCORE_TOTAL,
    percent,
    missing,
    missingFields,
    warning: percent < DASHBOARD_WARNING_BELOW_PERCENT,
  };
}

/** Where in Bedrijfsinstellingen a field is filled in: the tab's hash. */
const FIELD_TABS: Record<ProfileScoreField, 'profiel' | 'financieel'> = {
  name: 'profiel',
  email: 'profiel',
  company: 'profiel',
  address: 'profiel',
  postalCode: 'profiel',
  city: 'profiel',
  kvkNumber: 'financieel',
  btwNumber: 'financieel',
  bankAccount: 'financieel',
};

export interface DocumentProfileGaps {
  /** Dutch labels of what a PDF or an e-mail would be printed without, in form order. */
  missing: string[];
  missingFields: ProfileScoreField[];
  /** Where to fill in the first of them, e.g. '/bedrijfsinstellingen#financieel'. */
  href: string;
}

/**
 * What an order's PDF and e-mail lack of the company (address, postcode, city, KVK, BTW, IBAN: the
 * banner's six), so the PDF and send actions can say so before the document reaches a customer; null
 * when nothing is missing.
 */
export function documentProfileGaps(profile: ProfileLike): DocumentProfileGaps | null {
  const { missing, missingFields } = missingOf(profile, DASHBOARD_SCORE_FIELDS);
  const first = missingFields[0];
  if (first === undefined) return null;
  return { missing, missingFields, href: `/bedrijfsinstellingen#${FIELD_TABS[first]}` };
}
