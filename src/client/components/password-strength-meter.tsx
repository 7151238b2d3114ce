import { Check, Circle } from 'lucide-react';
import { PASSWORD_STRENGTH_MAX, passwordStrength } from '../../shared/password-strength';
import { cx } from './cx';
import './password-strength-meter.css';

/** One bar segment per point: 1 … 5. */
const STEPS = Array.from({ length: PASSWORD_STRENGTH_MAX }, (_, i) => i + 1);

export type PasswordStrengthMeterProps = {
  password: string;
  /** For the password input's aria-describedby. */
  id?: string;
  /** 'sm': a thinner bar and smaller checklist, for a field in a two-column settings grid. */
  size?: 'sm' | 'md';
  className?: string;
};

/**
 * The strength of a new password (spec §5): a five-part bar coloured by the score 0–5, its label,
 * and the five-item checklist ticking live as the user types. Screen readers get a meter named
 * 'Wachtwoordsterkte' whose value text is the label.
 */
export function PasswordStrengthMeter({ password, id, size = 'md', className }: PasswordStrengthMeterProps) {
  const { score, label, checklist } = passwordStrength(password);
  const iconSize = size === 'sm' ? 13 : 14;
  return (
    <div
      className={cx('ui-strength', size === 'sm' && 'ui-strength--sm', className)}
      id={id}
      data-score={score}
    >
      <div className="ui-strength__head">
        <span className="ui-strength__caption">Wachtwoordsterkte</span>
        <span className="ui-strength__label" aria-live="polite">
          {label}
        </span>
      </div>
      <meter
        className="sr-only"
        min={0}
        max={PASSWORD_STRENGTH_MAX}
        value={score}
        aria-label="Wachtwoordsterkte"
        aria-valuetext={label}
      >
        {label}
      </meter>
      <div className="ui-strength__bar" aria-hidden="true">
        {STEPS.map((step) => (
          <span key={step} className={cx('ui-strength__segment', step <= score && 'is-on')} />
        ))}
      </div>
      <ul className="ui-strength__list" aria-label="Wachtwoordeisen">
        {checklist.map((item) => (
          <li key={item.id} className={cx('ui-strength__item', item.met && 'is-met')}>
            {item.met ? (
              <Check size={iconSize} strokeWidth={3} aria-hidden="true" />
            ) : (
              <Circle size={iconSize} aria-hidden="true" />
            )}
            <span>{item.label}</span>
            <span className="sr-only">{item.met ? ' (voldaan)' : ' (nog niet voldaan)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
