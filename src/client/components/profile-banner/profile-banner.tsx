import { ArrowRight, Building, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  DASHBOARD_MISSING_SHOWN,
  dashboardProfileScore,
  type ProfileLike,
} from '../../../shared/profile-completeness';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { buttonClass } from '../button';
import { cx } from '../cx';
import { ProgressBar } from '../progress-bar';
import './profile-banner.css';

/** Spec §4: the dismissal is kept locally under this key. */
export const PROFILE_BANNER_DISMISSED_KEY = 'profileBannerDismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(PROFILE_BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export type ProfileBannerProps = {
  /** The profile to score; defaults to the signed-in user. */
  profile?: ProfileLike | null;
  className?: string;
};

/**
 * The dashboard's profile-completion banner (spec §2 Dashboard, §9): 4 base points plus one per filled
 * field among address, postal code, city, KVK, BTW and IBAN, out of 10; warning colour below 70 %; at
 * most three missing fields named; a link to /bedrijfsinstellingen. Hidden at 100 % or once closed.
 */
export function ProfileBanner({ profile, className }: ProfileBannerProps) {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(readDismissed);
  // Only the roles that can complete the company data are asked to.
  const canManage = useCan('manage');
  const subject = profile === undefined ? user : profile;
  if (!subject || dismissed || !canManage) return null;

  const { percent, missing, warning } = dashboardProfileScore(subject);
  if (percent >= 100) return null;
  const shown = missing.slice(0, DASHBOARD_MISSING_SHOWN);
  const more = missing.length - shown.length;

  const dismiss = () => {
    try {
      localStorage.setItem(PROFILE_BANNER_DISMISSED_KEY, 'true');
    } catch {
      // Private mode without storage: closed for this visit only.
    }
    setDismissed(true);
  };

  return (
    <section
      className={cx(
        'profile-banner',
        warning ? 'profile-banner--warning' : 'profile-banner--info',
        className,
      )}
      aria-labelledby="profile-banner-title"
      data-testid="profile-banner"
    >
      <span className="profile-banner__icon" aria-hidden="true">
        <Building size={20} />
      </span>
      <div className="profile-banner__body">
        <div className="profile-banner__head">
          <h2 id="profile-banner-title" className="profile-banner__title">
            Maak uw bedrijfsprofiel compleet
          </h2>
          <span className="profile-banner__percent tabular">{percent}% compleet</span>
        </div>
        <ProgressBar
          value={percent}
          tone={warning ? 'amber' : 'brand'}
          size="sm"
          label="Bedrijfsprofiel compleet"
          className="profile-banner__bar"
        />
        <p className="profile-banner__text">
          Vul uw gegevens aan zodat ze op uw inkooporders en PDF-documenten staan. Nog niet ingevuld:{' '}
          <span className="profile-banner__missing">
            {shown.map((label, i) => (
              <span key={label}>
                {i > 0 ? ', ' : ''}
                <span className="profile-banner__field">{label}</span>
              </span>
            ))}
            {more > 0 ? ` en ${more} meer` : ''}
          </span>
          .
        </p>
      </div>
      <div className="profile-banner__actions">
        <Link
          href="/bedrijfsinstellingen"
          className={buttonClass({ variant: warning ? 'primary' : 'secondary', size: 'sm' })}
        >
          Profiel aanvullen
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
      <button
        type="button"
        className="profile-banner__close"
        onClick={dismiss}
        aria-label="Melding over het bedrijfsprofiel sluiten"
        title="Sluiten"
      >
        <X size={16} aria-hidden="true" />
      </button>
    </section>
  );
}
