import { Heading, Text } from '@react-email/components';
import { ActionButton, EmailLayout, PRODUCT_NAME, textStyles } from './layout';

export type InvitationEmailProps = {
  organizationName: string;
  inviterName: string;
  roleLabel: string;
  /** dd-mm-jjjj, Dutch time */
  expiresOn: string;
  /** hh:mm, Dutch time */
  expiresTime: string;
  inviteUrl: string;
};

export const invitationSubject = (organizationName: string, inviterName: string) =>
  `${inviterName} nodigt u uit voor ${organizationName} in ${PRODUCT_NAME}`;

/** Sent when an admin invites an address, and again on every resend: the link to APP_URL/invite/{token}. */
export function InvitationEmail({
  organizationName = 'De Vries Installatietechniek',
  inviterName = 'Jan de Vries',
  roleLabel = 'Medewerker',
  expiresOn = '01-12-2026',
  expiresTime = '14:00',
  inviteUrl = 'http://localhost:3000/invite/voorbeeldtoken',
}: Partial<InvitationEmailProps>) {
  return (
    <EmailLayout preview={`${inviterName} nodigt u uit om mee te werken in ${organizationName}.`}>
      <Heading as="h1" style={textStyles.heading}>
        Uitnodiging voor {organizationName}
      </Heading>
      <Text style={textStyles.paragraph}>Goedendag,</Text>
      <Text style={textStyles.paragraph}>
        {inviterName} nodigt u uit om in {PRODUCT_NAME} mee te werken in de organisatie {organizationName},
        met de rol {roleLabel}.
      </Text>
      <Text style={textStyles.paragraph}>
        Heeft u nog geen account? Dan maakt u er via de link een aan met dit e-mailadres. Heeft u al een
        account, log dan in en accepteer de uitnodiging.
      </Text>
      <ActionButton href={inviteUrl}>Uitnodiging bekijken</ActionButton>
      <Text style={textStyles.small}>
        Deze uitnodiging is geldig tot {expiresOn} om {expiresTime} uur en kan één keer worden gebruikt.
        Verwacht u deze uitnodiging niet? Dan kunt u deze e-mail negeren.
      </Text>
    </EmailLayout>
  );
}

export default InvitationEmail;
