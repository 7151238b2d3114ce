import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/** The product's own look for system mails: company-neutral, brand blue, readable without images. */
export const BRAND_COLOR = '#1E40AF';
export const PRODUCT_NAME = 'Inkooporders';

const styles = {
  body: {
    backgroundColor: '#F3F4F6',
    fontFamily: 'Helvetica, Arial, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: {
    backgroundColor: '#FFFFFF',
    borderRadius: 8,
    maxWidth: 560,
    margin: '0 auto',
    overflow: 'hidden',
  },
  header: { backgroundColor: BRAND_COLOR, padding: '20px 32px' },
  brand: { color: '#FFFFFF', fontSize: 20, fontWeight: 700, margin: 0, letterSpacing: 0.2 },
  content: { padding: '28px 32px 8px' },
  footer: { padding: '0 32px 24px' },
  footerText: { color: '#6B7280', fontSize: 12, lineHeight: '18px', margin: '4px 0' },
} satisfies Record<string, CSSProperties>;

export const textStyles = {
  heading: { color: '#111827', fontSize: 22, fontWeight: 700, margin: '0 0 16px' },
  paragraph: { color: '#374151', fontSize: 15, lineHeight: '24px', margin: '0 0 16px' },
  small: { color: '#6B7280', fontSize: 13, lineHeight: '20px', margin: '0 0 12px' },
  button: {
    backgroundColor: BRAND_COLOR,
    borderRadius: 6,
    color: '#FFFFFF',
    display: 'inline-block',
    fontSize: 15,
    fontWeight: 600,
    padding: '12px 24px',
    textDecoration: 'none',
  },
  link: { color: BRAND_COLOR, fontSize: 13, wordBreak: 'break-all' },
  /** Someone's own words (a note, a reason), set off from the mail's text, line breaks kept. */
  quote: {
    color: '#374151',
    fontSize: 15,
    lineHeight: '24px',
    margin: '0 0 16px',
    borderLeft: '3px solid #D1D5DB',
    paddingLeft: 12,
    whiteSpace: 'pre-wrap',
  },
} satisfies Record<string, CSSProperties>;

/** The mail's one action: a button, and the same link written out for a mail client that shows no button. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={href} style={textStyles.button}>
          {children}
        </Button>
      </Section>
      <Text style={textStyles.small}>Werkt de knop niet? Kopieer dan deze link in uw browser:</Text>
      <Text style={textStyles.small}>
        <Link href={href} style={textStyles.link}>
          {href}
        </Link>
      </Text>
    </>
  );
}

export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="nl">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{PRODUCT_NAME}</Text>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Section style={{ padding: '0 32px' }}>
            <Hr style={{ borderColor: '#E5E7EB', margin: '8px 0 16px' }} />
          </Section>
          <Section style={styles.footer}>
            <Text style={styles.footerText}>
              Deze e-mail is automatisch verzonden door {PRODUCT_NAME}. U kunt niet op dit bericht antwoorden.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
