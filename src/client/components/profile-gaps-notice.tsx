import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { documentProfileGaps, type ProfileLike } from '../../shared/profile-completeness';
import { useAuth } from '../lib/auth';
import { useCan } from '../lib/can';
import { buttonClass } from './button';
import { Notice } from './notice';

const listFormat = new Intl.ListFormat('nl-NL', { style: 'long', type: 'conjunction' });

export type ProfileGapsNoticeProps = {
  /** The profile to check; defaults to the signed-in user. */
  profile?: ProfileLike | null;
  className?: string;
};

/**
 * Beside the PDF and send actions: which of the company's own details (address, KVK, BTW, IBAN) the
 * order's PDF and e-mail would go out without, with a link to the tab where they are filled in.
 * Nothing when the profile holds them all. Unlike the dashboard banner it cannot be closed: it is
 * about the document at hand.
 */
export function ProfileGapsNotice({ profile, className }: ProfileGapsNoticeProps) {
  const { user } = useAuth();
  // Only the roles that can fill them in are asked to.
  const canManage = useCan('manage');
  const subject = profile === undefined ? user : profile;
  const gaps = subject ? documentProfileGaps(subject) : null;
  if (!gaps || !canManage) return null;
  return (
    <Notice
      tone="warning"
      title="Uw bedrijfsgegevens zijn niet compleet"
      className={className}
      action={
        <Link href={gaps.href} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Bedrijfsgegevens aanvullen
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      }
    >
      <span data-testid="profile-gaps">
        Uw PDF en e-mail gaan de deur uit zonder {listFormat.format(gaps.missing)}. Vul ze aan, dan staan ze
        op elk volgend document.
      </span>
    </Notice>
  );
}
