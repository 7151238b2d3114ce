import { Heading, Text } from '@react-email/components';
import { ActionButton, EmailLayout, PRODUCT_NAME, textStyles } from './layout';

export type ResetPasswordEmailProps = { name: string; resetUrl: string; validMinutes: number };

export const resetPasswordSubject = `Wachtwoord opnieuw instellen voor ${PRODUCT_NAME}`;

/** Sent on forgot-password: the link to APP_URL/reset-password/{token}, valid 30 minutes. */
export function ResetPasswordEmail({
  name = 'Jan Jansen',
  resetUrl = 'http://localhost:3000/reset-password/voorbeeldtoken',
  validMinutes = 30,
}: Partial<ResetPasswordEmailProps>) {
  return (
    <EmailLayout preview="Stel een nieuw wachtwoord in voor uw account.">
      <Heading as="h1" style={textStyles.heading}>
        Wachtwoord opnieuw instellen
      </Heading>
      <Text style={textStyles.paragraph}>Beste {name},</Text>
      <Text style={textStyles.paragraph}>
        We hebben een verzoek ontvangen om het wachtwoord van uw {PRODUCT_NAME}-account opnieuw in te stellen.
        Klik op de knop hieronder om een nieuw wachtwoord te kiezen.
      </Text>
      <ActionButton href={resetUrl}>Nieuw wachtwoord instellen</ActionButton>
      <Text style={textStyles.small}>
        De link is {validMinutes} minuten geldig en werkt één keer. Na het wijzigen wordt u op al uw apparaten
        uitgelogd. Heeft u dit niet aangevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft
        ongewijzigd.
      </Text>
    </EmailLayout>
  );
}

export default ResetPasswordEmail;
