import { Heading, Text } from '@react-email/components';
import { ActionButton, EmailLayout, PRODUCT_NAME, textStyles } from './layout';

export type VerifyEmailProps = { name: string; verifyUrl: string; validHours: number };

export const verifyEmailSubject = `Bevestig uw e-mailadres voor ${PRODUCT_NAME}`;

/** Sent after registration and on every resend: the link to APP_URL/verify-email/{token}. */
export function VerifyEmail({
  name = 'Jan Jansen',
  verifyUrl = 'http://localhost:3000/verify-email/voorbeeldtoken',
  validHours = 24,
}: Partial<VerifyEmailProps>) {
  return (
    <EmailLayout preview="Bevestig uw e-mailadres om uw account te activeren.">
      <Heading as="h1" style={textStyles.heading}>
        Welkom bij {PRODUCT_NAME}
      </Heading>
      <Text style={textStyles.paragraph}>Beste {name},</Text>
      <Text style={textStyles.paragraph}>
        Bedankt voor uw registratie. Bevestig uw e-mailadres om uw account te activeren. Daarna kunt u
        inloggen en uw eerste inkooporder aanmaken.
      </Text>
      <ActionButton href={verifyUrl}>E-mailadres bevestigen</ActionButton>
      <Text style={textStyles.small}>
        Deze link is {validHours} uur geldig. Heeft u zich niet aangemeld? Dan kunt u deze e-mail negeren.
      </Text>
    </EmailLayout>
  );
}

export default VerifyEmail;
