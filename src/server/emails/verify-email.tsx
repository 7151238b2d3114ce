import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { EmailLayout, PRODUCT_NAME, textStyles } from './layout';

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
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={verifyUrl} style={textStyles.button}>
          E-mailadres bevestigen
        </Button>
      </Section>
      <Text style={textStyles.small}>Werkt de knop niet? Kopieer dan deze link in uw browser:</Text>
      <Text style={textStyles.small}>
        <Link href={verifyUrl} style={textStyles.link}>
          {verifyUrl}
        </Link>
      </Text>
      <Text style={textStyles.small}>
        Deze link is {validHours} uur geldig. Heeft u zich niet aangemeld? Dan kunt u deze e-mail negeren.
      </Text>
    </EmailLayout>
  );
}

export default VerifyEmail;
