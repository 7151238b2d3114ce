import { Check, Circle } from 'lucide-react';
import { passwordStrength } from '../../../shared/password-strength';

/**
 * The strength of a new password (spec §5: score 0–5 with its label, and the five-item checklist),
 * ticking live while the user types.
 */
export function StrengthMeter({ password }: { password: string }) {
  const { score, label, checklist } = passwordStrength(password);
  return (
    <div className="settings-strength" data-score={score}>
      <div className="settings-strength__head">
        <span className="settings-strength__caption">Wachtwoordsterkte</span>
        <span className="settings-strength__label" aria-live="polite">
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
      <div className="settings-strength__bar" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            className={step <= score ? 'settings-strength__step is-on' : 'settings-strength__step'}
          />
        ))}
      </div>
      <ul className="settings-strength__list" aria-label="Wachtwoordeisen">
        {checklist.map((item) => (
          <li
            key={item.id}
            className={item.met ? 'settings-strength__item is-met' : 'settings-strength__item'}
          >
            {item.met ? (
              <Check size={13} strokeWidth={3} aria-hidden="true" />
            ) : (
              <Circle size={13} aria-hidden="true" />
            )}
            <span>{item.label}</span>
            <span className="sr-only">{item.met ? ' (voldaan)' : ' (nog niet voldaan)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
