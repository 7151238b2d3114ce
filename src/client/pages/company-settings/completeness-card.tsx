import { CircleCheck, ListChecks } from 'lucide-react';
import { useState } from 'react';
import {
  type ProfileLike,
  type ProfileScoreField,
  profileCompleteness,
} from '../../../shared/profile-completeness';
import { ProgressBar } from '../../components';
import { useCan } from '../../lib/can';

export type CompletenessCardProps = {
  profile: ProfileLike;
  /** Opens the tab that holds the field and puts the cursor in it. */
  onGoToField: (field: ProfileScoreField) => void;
};

/**
 * The profile-completeness bar with percentage and a hint box while under 100 % (spec §2, §9: the 8
 * fields). A profile that was complete on arrival shows nothing; one completed during this visit shows
 * the full bar once, so the user sees the result of their work.
 */
export function CompletenessCard({ profile, onGoToField }: CompletenessCardProps) {
  const { percent, filled, total, missing, missingFields } = profileCompleteness(profile);
  const [incompleteOnArrival] = useState(percent < 100);
  // A nudge to fill in what only the owner and admins can change is none for anyone else.
  const canManage = useCan('manage');
  if (!canManage || (percent === 100 && !incompleteOnArrival)) return null;
  const complete = percent === 100;

  return (
    <section
      className={complete ? 'settings-complete is-complete' : 'settings-complete'}
      aria-labelledby="settings-complete-title"
      data-testid="profile-completeness"
    >
      <div className="settings-complete__head">
        <div className="settings-complete__titles">
          <h2 id="settings-complete-title" className="settings-complete__title">
            {complete ? 'Uw profiel is compleet' : 'Profiel volledigheid'}
          </h2>
          <p className="settings-complete__count">
            {filled} van de {total} gegevens ingevuld
          </p>
        </div>
        <span className="settings-complete__percent tabular" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <ProgressBar value={percent} tone={complete ? 'green' : 'brand'} label="Profiel volledigheid" />
      {complete ? (
        <p className="settings-complete__done">
          <CircleCheck size={16} aria-hidden="true" />
          Al uw bedrijfsgegevens staan klaar voor uw inkooporders.
        </p>
      ) : (
        <div className="settings-hint" role="note">
          <ListChecks size={18} className="settings-hint__icon" aria-hidden="true" />
          <div className="settings-hint__body">
            <p className="settings-hint__title">Vul uw profiel aan</p>
            <p className="settings-hint__text">
              Een volledig profiel zorgt dat uw inkooporders en PDF-documenten alle bedrijfsgegevens bevatten.
              Nog niet ingevuld:
            </p>
            <ul className="settings-hint__list">
              {missingFields.map((field, i) => (
                <li key={field}>
                  <button type="button" className="settings-chip" onClick={() => onGoToField(field)}>
                    {missing[i]}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
