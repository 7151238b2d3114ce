/**
 * Password strength of spec §5: one point each for length ≥ 8, length ≥ 12, an uppercase letter,
 * a lowercase letter, a digit and a special character, capped at 5.
 *
 * The character classes are the ones the password schemas check (ASCII `A-Z`, `a-z`, `0-9`), so a
 * ticked checklist item never disagrees with a server message. A "special character" is anything
 * that is neither an ASCII letter, an ASCII digit nor whitespace (so `é`, `€` and `!` all count).
 *
 * Labels: an empty password is 'Geen wachtwoord'. Any non-empty password is at least 'Zeer zwak' —
 * also one that scores 0 (only whitespace) — then one label per further point:
 *   score 0–1 → 'Zeer zwak', 2 → 'Zwak', 3 → 'Redelijk', 4 → 'Sterk', 5 → 'Zeer sterk'.
 */

export const PASSWORD_STRENGTH_MAX = 5;

export type PasswordStrengthLabel =
  | 'Geen wachtwoord'
  | 'Zeer zwak'
  | 'Zwak'
  | 'Redelijk'
  | 'Sterk'
  | 'Zeer sterk';

export type PasswordRequirementId = 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';

export type PasswordRequirement = {
  id: PasswordRequirementId;
  label: string;
  met: boolean;
};

export type PasswordStrength = {
  /** 0 to 5. */
  score: number;
  label: PasswordStrengthLabel;
  checklist: PasswordRequirement[];
};

const hasUppercase = (pw: string) => /[A-Z]/.test(pw);
const hasLowercase = (pw: string) => /[a-z]/.test(pw);
const hasDigit = (pw: string) => /[0-9]/.test(pw);
const hasSpecial = (pw: string) => /[^A-Za-z0-9\s]/.test(pw);

export function passwordScore(password: string): number {
  const points = [
    password.length >= 8,
    password.length >= 12,
    hasUppercase(password),
    hasLowercase(password),
    hasDigit(password),
    hasSpecial(password),
  ].filter(Boolean).length;
  return Math.min(points, PASSWORD_STRENGTH_MAX);
}

const LABELS: readonly PasswordStrengthLabel[] = [
  'Zeer zwak',
  'Zeer zwak',
  'Zwak',
  'Redelijk',
  'Sterk',
  'Zeer sterk',
];

export function passwordStrengthLabel(
  password: string,
  score = passwordScore(password),
): PasswordStrengthLabel {
  if (password.length === 0) return 'Geen wachtwoord';
  return LABELS[Math.max(0, Math.min(score, PASSWORD_STRENGTH_MAX))] ?? 'Zeer zwak';
}

/** The five-item checklist shown under a new-password field, in display order. */
export function passwordChecklist(password: string): PasswordRequirement[] {
  return [
    { id: 'length', label: 'Minimaal 8 karakters', met: password.length >= 8 },
    { id: 'uppercase', label: 'Een hoofdletter', met: hasUppercase(password) },
    { id: 'lowercase', label: 'Een kleine letter', met: hasLowercase(password) },
    { id: 'digit', label: 'Een cijfer', met: hasDigit(password) },
    { id: 'special', label: 'Een speciaal teken', met: hasSpecial(password) },
  ];
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  return { score, label: passwordStrengthLabel(password, score), checklist: passwordChecklist(password) };
}
