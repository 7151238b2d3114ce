import { Heading, Text } from '@react-email/components';
import type { CustomerDecision } from '../../shared/order-confirmation-states';
import { ActionButton, EmailLayout, textStyles } from './layout';

export type CustomerResponseLine = {
  /** 'Regel 2: Montage' — the line as the order names it. */
  label: string;
  /** What the customer asks of it: 'niet gewenst', 'aantal 3, leverdag 12-05-2026'. */
  change: string;
};

export type CustomerResponseEmailProps = {
  organizationName: string;
  orderNumber: string;
  /** The customer as the order names it; '' when it has none. */
  customerName: string;
  decision: CustomerDecision;
  respondentName: string;
  /** The customer's note; '' when none. */
  note: string;
  /** The requested delivery day as dd-mm-jjjj; '' when none. */
  deliveryDate: string;
  lines: CustomerResponseLine[];
  /** Where replies go: the address the order was sent to. */
  replyTo: string;
  orderUrl: string;
};

const WHAT: Record<CustomerDecision, string> = {
  accepted: 'heeft akkoord gegeven op',
  rejected: 'heeft afgewezen:',
  changes_requested: 'vraagt een wijziging van',
};

export function customerResponseSubject(
  orderNumber: string,
  decision: CustomerDecision,
  customerName: string,
): string {
  const who = customerName || 'De klant';
  if (decision === 'accepted') return `Akkoord op order ${orderNumber} van ${who}`;
  if (decision === 'rejected') return `Order ${orderNumber} afgewezen door ${who}`;
  return `Wijziging gevraagd voor order ${orderNumber} door ${who}`;
}

/**
 * To whoever wrote the order (or, when they left, the owners and admins) once the customer answered
 * it on the order page: the answer, the customer's words and requested changes, and the link to the
 * order. A reply goes to the customer (Reply-To: the address the order was sent to).
 */
export function CustomerResponseEmail({
  organizationName = 'De Vries Installatietechniek',
  orderNumber = 'INK-2026-1001',
  customerName = 'Jansen Bouw B.V.',
  decision = 'changes_requested',
  respondentName = 'Petra Jansen',
  note = 'Graag een week later leveren.',
  deliveryDate = '',
  lines = [{ label: 'Regel 1: Radiator type 22', change: 'aantal 3, leverdag 12-05-2026' }],
  replyTo = 'inkoop@jansenbouw.nl',
  orderUrl = 'http://localhost:3000/inkooporders/9b2e4d61-0c7a-4f3b-8e15-6d2a1c9f7b34/edit',
}: Partial<CustomerResponseEmailProps>) {
  const customer = customerName || 'De klant';
  return (
    <EmailLayout preview={customerResponseSubject(orderNumber, decision, customerName)}>
      <Heading as="h1" style={textStyles.heading}>
        {customerResponseSubject(orderNumber, decision, customerName)}
      </Heading>
      <Text style={textStyles.paragraph}>Goedendag,</Text>
      <Text style={textStyles.paragraph}>
        {customer} ({respondentName}) {WHAT[decision]} order {orderNumber} van {organizationName}.
        {decision === 'accepted' && deliveryDate ? ` Gewenste leverdag: ${deliveryDate}.` : ''}
      </Text>
      {note && (
        <>
          <Text style={textStyles.paragraph}>Toelichting van {respondentName}:</Text>
          <Text style={textStyles.quote}>{note}</Text>
        </>
      )}
      {lines.length > 0 && (
        <>
          <Text style={textStyles.paragraph}>Gevraagde wijzigingen:</Text>
          {lines.map((line) => (
            <Text key={line.label} style={textStyles.paragraph}>
              {line.label}: {line.change}
            </Text>
          ))}
        </>
      )}
      <ActionButton href={orderUrl}>Order bekijken</ActionButton>
      <Text style={textStyles.small}>
        Beantwoordt u deze e-mail, dan gaat uw antwoord naar {replyTo}. U krijgt dit bericht omdat u de order
        heeft opgesteld, of omdat u eigenaar of beheerder bent van {organizationName}.
      </Text>
    </EmailLayout>
  );
}

export default CustomerResponseEmail;
