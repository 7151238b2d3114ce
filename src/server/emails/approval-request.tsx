import { Heading, Text } from '@react-email/components';
import { ActionButton, EmailLayout, textStyles } from './layout';

export type ApprovalRequestEmailProps = {
  organizationName: string;
  requesterName: string;
  orderNumber: string;
  /** The customer as the order names it; '' when it has none. */
  customerName: string;
  /** Both as formatEuro writes them: '€ 6.250,00'. */
  subtotal: string;
  total: string;
  /** The requester's note; '' when none. */
  note: string;
  orderUrl: string;
};

export const approvalRequestSubject = (orderNumber: string, requesterName: string) =>
  `Goedkeuring gevraagd: order ${orderNumber} van ${requesterName}`;

/**
 * To every owner and admin but the author when an order that needs approval is put forward: what it
 * is, the note, and the link to the order, where they approve or reject it.
 */
export function ApprovalRequestEmail({
  organizationName = 'De Vries Installatietechniek',
  requesterName = 'Sanne Bakker',
  orderNumber = 'INK-2026-1001',
  customerName = 'Jansen Bouw B.V.',
  subtotal = '€ 6.250,00',
  total = '€ 7.562,50',
  note = '',
  orderUrl = 'http://localhost:3000/inkooporders/9b2e4d61-0c7a-4f3b-8e15-6d2a1c9f7b34/edit',
}: Partial<ApprovalRequestEmailProps>) {
  return (
    <EmailLayout preview={`${requesterName} vraagt uw goedkeuring voor order ${orderNumber}.`}>
      <Heading as="h1" style={textStyles.heading}>
        Goedkeuring gevraagd voor order {orderNumber}
      </Heading>
      <Text style={textStyles.paragraph}>Goedendag,</Text>
      <Text style={textStyles.paragraph}>
        {requesterName} vraagt uw goedkeuring voor order {orderNumber}
        {customerName ? ` aan ${customerName}` : ''} in {organizationName}. Het bedrag is {subtotal} exclusief
        btw ({total} inclusief btw). De order kan pas worden verzonden als een eigenaar of beheerder hem heeft
        goedgekeurd.
      </Text>
      {note && (
        <>
          <Text style={textStyles.paragraph}>Toelichting van {requesterName}:</Text>
          <Text style={textStyles.quote}>{note}</Text>
        </>
      )}
      <ActionButton href={orderUrl}>Order bekijken</ActionButton>
      <Text style={textStyles.small}>
        U krijgt deze e-mail omdat u eigenaar of beheerder bent van {organizationName}. Op de order kunt u hem
        goedkeuren of afwijzen; een afwijzing vraagt om een reden.
      </Text>
    </EmailLayout>
  );
}

export default ApprovalRequestEmail;
