import { Mail, Paperclip } from 'lucide-react';
import { formatDate, formatDateTime } from '../../../shared/dates';
import type { OrderEmail } from '../../../shared/schemas/order-email';
import { Badge, Card } from '../../components';
import { RESPONSE_BADGE_TONES } from '../../components/order-table/order-row';
import { historyAnswerLine } from './response-view';

/** 'hh:mm' on the Dutch wall clock. */
const timeOf = (instant: string) => formatDateTime(instant).slice(11, 16);

/** 'Verzonden naar klant@x.nl op 23-11-2026 om 14:05' (the date as dd-mm-jjjj, spec §9). */
export function sentLine(email: Pick<OrderEmail, 'recipient' | 'sentAt'>): string {
  return `Verzonden naar ${email.recipient} op ${formatDate(email.sentAt)} om ${timeOf(email.sentAt)}`;
}

/**
 * What was sent of this order ("listed in the order form as a short history"), newest
 * first, from GET /orders/{id}'s `emails`, each with the customer's answer to the link it carried.
 */
export function OrderEmailHistory({ emails }: { emails: readonly OrderEmail[] }) {
  return (
    <Card title="Verzonden e-mails" className="order-form__card order-email-history">
      {emails.length === 0 ? (
        <p className="order-email-history__empty">Deze order is nog niet per e-mail verzonden.</p>
      ) : (
        <ul className="order-email-history__list">
          {emails.map((email) => (
            <li key={`${email.sentAt}-${email.recipient}`} className="order-email-history__item">
              <Mail size={16} aria-hidden="true" className="order-email-history__icon" />
              <div className="order-email-history__text">
                <p className="order-email-history__line">
                  <time dateTime={email.sentAt}>{sentLine(email)}</time>
                </p>
                <p className="order-email-history__meta">
                  {email.subject}
                  {email.cc ? ` · CC ${email.cc}` : ''}
                  {' · '}
                  <span className="order-email-history__pdf">
                    {email.includePdf ? <Paperclip size={12} aria-hidden="true" /> : null}
                    {email.includePdf ? 'met PDF' : 'zonder PDF'}
                  </span>
                  {email.includeUbl ? ' · met UBL-bestand' : ''}
                </p>
                {email.customerResponse ? (
                  <p className="order-email-history__answer">
                    <Badge tone={RESPONSE_BADGE_TONES[email.customerResponse.decision]}>
                      {historyAnswerLine(email.customerResponse)}
                    </Badge>
                    {email.customerResponse.note ? (
                      <span className="order-email-history__note">“{email.customerResponse.note}”</span>
                    ) : null}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
