import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { EmailLayout, PRODUCT_NAME, textStyles } from './layout';

export type AccountExistsEmailProps = { name: string; loginUrl: string; forgotPasswordUrl: string };

export const accountExistsSubject = `Poging tot registratie bij ${PRODUCT_NAME}`;

/**
 * Sent when someone registers with an address that already has a verified account. The register
 * call answers exactly as for a new address; only the owner of the inbox learns what happened.
 */
export function AccountExistsEmail({
  name = 'Jan Jansen',
  loginUrl = 'http://localhost:3000/login',
  forgotPasswordUrl = 'http://localhost:3000/forgot-password',
}: Partial<AccountExistsEmailProps>) {
  return (
    <EmailLayout preview="Er is geprobeerd een account aan te maken met uw e-mailadres.">
      <Heading as="h1" style={textStyles.heading}>
        U heeft al een account
      </Heading>
      <Text style={textStyles.paragraph}>Beste {name},</Text>
      <Text style={textStyles.paragraph}>
        Zojuist is geprobeerd een nieuw {PRODUCT_NAME}-account aan te maken met dit e-mailadres. Er bestaat al
        een account op dit adres, dus er is niets gewijzigd.
      </Text>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={loginUrl} style={textStyles.button}>
          Inloggen
        </Button>
      </Section>
      <Text style={textStyles.small}>
        Wachtwoord vergeten?{' '}
        <Link href={forgotPasswordUrl} style={textStyles.link}>
          Stel een nieuw wachtwoord in
        </Link>
        .
      </Text>
      <Text style={textStyles.small}>
        Was u dit niet? Dan kunt u deze e-mail negeren; uw account is veilig.
      </Text>
    </EmailLayout>
  );
}

export default AccountExistsEmail;
