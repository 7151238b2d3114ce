import { Info } from 'lucide-react';
import type { Profile } from '../../../../shared/schemas/company-profile';
import type { Order } from '../../../../shared/schemas/order';
import type { PdfSettings } from '../../../../shared/schemas/pdf-settings';
import { Spinner } from '../../../components';
import { DocumentPreview } from '../../company-settings/document-preview';
import { orderDocumentOf } from './send-email-data';

type Props = { order: Order; profile: Profile; settings: PdfSettings | undefined; included: boolean };

/**
 * Tab 'PDF voorbeeld': the order's document in the user's own PDF style — the same OrderDocument the
 * attachment is printed from (with BTW verlegd its total is without VAT and reads 'Verlegd').
 */
export function SendEmailPdfPreview({ order, profile, settings, included }: Props) {
  return (
    <div className="send-email__pdf">
      {included ? null : (
        <p className="send-email__pdf-note">
          <Info size={16} aria-hidden="true" />
          De PDF wordt niet meegestuurd: zet het vinkje 'PDF van de order meesturen' aan om hem als bijlage
          toe te voegen.
        </p>
      )}
      {settings ? (
        <DocumentPreview
          data={orderDocumentOf(order, profile, settings)}
          label={`PDF van order ${order.orderNumber}`}
        />
      ) : (
        <div className="send-email__loading">
          <Spinner size={20} label="Voorbeeld laden..." showLabel />
        </div>
      )}
    </div>
  );
}
