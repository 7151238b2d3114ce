import { Check, Circle } from 'lucide-react';
import { passwordStrength } from '../../../shared/password-strength';

export type PasswordMeterProps = {
  password: string;
  id?: string;
};

/**
 * The strength of a new password (spec §5): a five-part bar coloured by the score 0–5, its label,
 * and the five-item checklist ticking live as the user types.
 */
export function PasswordMeter({ password, id }: PasswordMeterProps) {
  const { score, label, checklist } = passwordStrength(password);
  return (
    <div className="auth-strength" id={id} data-score={score}>
      <div className="auth-strength__head">
        <span className="auth-strength__caption">Wachtwoordsterkte</span>
        <span className="auth-strength__label" aria-live="polite">
          {label}
        </span>
      </div>
      <meter
        className="sr-only"
        min={0}
        max={5}
        value={score}
        aria-label="Wachtwoordsterkte"
        aria-valuetext={label}
      >
        {label}
      </meter>
      <div className="auth-strength__bar" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            className={step <= score ? 'auth-strength__segment is-on' : 'auth-strength__segment'}
          />
        ))}
      </div>
      <ul className="auth-checklist" aria-label="Wachtwoordeisen">
        {checklist.map((item) => (
          <li key={item.id} className={item.met ? 'auth-checklist__item is-met' : 'auth-checklist__item'}>
            {item.met ? (
              <Check size={14} strokeWidth={3} aria-hidden="true" />
            ) : (
              <Circle size={14} aria-hidden="true" />
            )}
            <span>{item.label}</span>
            <span className="sr-only">{item.met ? ' (voldaan)' : ' (nog niet voldaan)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
