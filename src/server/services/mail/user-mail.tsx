import { Body, Container, Head, Hr, Html, Img, Section, Text } from '@react-email/components';
import { type CSSProperties, createElement } from 'react';
import { DEFAULT_COUNTRY } from '../../../shared/constants';
import { formatPhone } from '../../../shared/rules/phone';
import { CONTROL_CHARACTER } from '../../../shared/schemas/email-template';
import { DEFAULT_PDF_SETTINGS, isHexColor } from '../../../shared/schemas/pdf-settings';
import { fillTemplate, type TemplateData } from '../../../shared/template-variables';
import type { StoredLogo } from '../logo/logos';
import type { Company } from '../organizations/company';
import { logoAttachment, type MailLogo, mailLogo } from './mail-logo';
import type { MailAttachment, MailMessage } from './message';
import { renderEmail } from './render';
import { renderTemplateHtml } from './sanitize-template';

/**
 * The mails a user sends to their own customers (an order, a test of a template): the user's template
 * in a plain frame that carries the user's company — not the product's — with the company's details in
 * the footer. Sent as the company by name, from MAIL_FROM's address, with replies to the user.
 */

/** What of the sender and their company the frame and the headers show. */
export type MailSender = Pick<
  Company,
  | 'name'
  | 'email'
  | 'company'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'phoneNumber'
  | 'website'
  | 'kvkNumber'
  | 'btwNumber'
>;

const CONTROL_CHARACTERS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'g');

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
    maxWidth: 600,
    margin: '0 auto',
    overflow: 'hidden',
  },
  logo: { padding: '24px 32px 0' },
  content: { padding: '28px 32px 8px', color: '#1F2937', fontSize: 15, lineHeight: '24px' },
  footer: { padding: '0 32px 24px' },
  company: { color: '#111827', fontSize: 13, fontWeight: 700, lineHeight: '18px', margin: '0 0 4px' },
  footerText: { color: '#6B7280', fontSize: 12, lineHeight: '18px', margin: '2px 0' },
} satisfies Record<string, CSSProperties>;

const filled = (...parts: string[]) => parts.map((p) => p.trim()).filter(Boolean);

/** The footer lines: address, place, then contact and registration — only what the user filled in. */
export function senderFooterLines(s: MailSender): string[] {
  const place = filled(s.postalCode, s.city).join(' ');
  const country = s.country.trim() && s.country.trim() !== DEFAULT_COUNTRY ? s.country.trim() : '';
  const labelled = (pairs: [string, string][]) =>
    pairs.filter(([, v]) => v.trim() !== '').map(([label, v]) => `${label} ${v.trim()}`);
  return filled(
    filled(s.address, place, country).join(', '),
    labelled([
      ['Tel.', formatPhone(s.phoneNumber)],
      ['E-mail', s.email],
      ['Web', s.website],
    ]).join(' · '),
    labelled([
      ['KVK', s.kvkNumber],
      ['BTW', s.btwNumber],
    ]).join(' · '),
  );
}

export type UserMailProps = {
  sender: MailSender;
  /** The message body: sanitised HTML with its variables already filled. */
  html: string;
  /** A colour for the line above the company name (the user's PDF colour); #RRGGBB, else the default. */
  accentColor?: string | undefined;
  /** The company logo at the top, shown from its inline attachment (mail-logo.ts). */
  logo?: MailLogo | undefined;
};

export function UserMail({ sender, html, accentColor, logo }: UserMailProps) {
  // The document's primary colour, checked by the PDF settings' own rule (any case).
  const accent =
    accentColor && isHexColor(accentColor.toUpperCase()) ? accentColor : DEFAULT_PDF_SETTINGS.primaryColor;
  const company = sender.company.trim() || sender.name.trim();
  return (
    <Html lang="nl">
      <Head />
      <Body style={styles.body}>
        <Container style={{ ...styles.container, borderTop: `4px solid ${accent}` }}>
          {logo && (
            <Section style={styles.logo}>
              <Img src={logo.src} width={logo.width} height={logo.height} alt={company} />
            </Section>
          )}
          <Section style={styles.content}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderTemplateHtml (sanitize-html) */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </Section>
          <Section style={{ padding: '0 32px' }}>
            <Hr style={{ borderColor: '#E5E7EB', margin: '16px 0' }} />
          </Section>
          <Section style={styles.footer}>
            {company && <Text style={styles.company}>{company}</Text>}
            {senderFooterLines(sender).map((line) => (
              <Text key={line} style={styles.footerText}>
                {line}
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export type UserMailInput = {
  sender: MailSender;
  to: string;
  cc?: string | undefined;
  /** The subject as written (variables unfilled). */
  subject: string;
  /** The body as written: template HTML with variables; it is sanitised, filled and sanitised again. */
  content: string;
  data: TemplateData;
  attachments?: MailAttachment[] | undefined;
  accentColor?: string | undefined;
  /** The company logo, shown at the top of the mail (an inline attachment); none without one. */
  logo?: Pick<StoredLogo, 'content' | 'contentType' | 'width' | 'height'> | null | undefined;
};

/**
 * A user's mail, ready for the mailer: subject filled as one line of plain text, body filled with
 * escaped values and sanitised, wrapped in UserMail, as HTML plus its plain-text twin. From shows the
 * user's company by name (the address stays MAIL_FROM's, see MailMessage.fromName); Reply-To is the
 * user's own address, so the customer's answer reaches the business.
 */
export async function composeUserMail(input: UserMailInput): Promise<MailMessage> {
  // The subject rules already refuse line breaks; this keeps any that slipped in out of the header.
  const subject = fillTemplate(input.subject, input.data, 'text').replace(CONTROL_CHARACTERS, ' ').trim();
  const html = renderTemplateHtml(input.content, input.data);
  const logo = input.logo ?? null;
  const rendered = await renderEmail(
    createElement(UserMail, {
      sender: input.sender,
      html,
      accentColor: input.accentColor,
      logo: logo ? mailLogo(logo) : undefined,
    }),
  );
  return {
    to: input.to,
    cc: input.cc || undefined,
    fromName: input.sender.company.trim() || input.sender.name.trim(),
    replyTo: input.sender.email,
    subject,
    html: rendered.html,
    text: rendered.text,
    attachments: [...(input.attachments ?? []), ...(logo ? [logoAttachment(logo)] : [])],
  };
}
