import { confirmationLabels } from '../../../shared/order-confirmation-states';
import { DEFAULT_TEMPLATE_NAMES, type EmailTemplateCategory } from '../../../shared/schemas/email-template';

export type DefaultTemplate = {
  name: string;
  subject: string;
  content: string;
  category: EmailTemplateCategory;
  isDefault: boolean;
};

const signature = '<p>Met vriendelijke groet,<br />{{user.name}}<br />{{user.company}}</p>';

/**
 * The customer's link to the order page as a button, in what the template sanitiser keeps (a link with
 * inline colours and padding). Sent without the link, `{{order.confirmUrl}}` is empty and the sanitiser
 * drops the button with it (sanitize-template.ts).
 */
const confirmButton =
  '<p><a href="{{order.confirmUrl}}" style="background-color: #1E40AF; color: #FFFFFF; padding: 10px 18px; ' +
  `font-weight: bold; text-decoration: none">${confirmationLabels.templateButton}</a></p>`;

/**
 * The templates 'Standaard templates toevoegen' adds: one per category, the order one marked default
 * (it is what the send dialog preselects). Written to read well with every variable filled in.
 */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  {
    category: 'order',
    isDefault: true,
    name: DEFAULT_TEMPLATE_NAMES.order,
    subject: 'Inkooporder {{order.orderNumber}} van {{user.company}}',
    content: [
      '<p>Beste {{customer.name}},</p>',
      '<p>Hierbij ontvangt u onze inkooporder <strong>{{order.orderNumber}}</strong> van {{order.date}}. ' +
        'De order vindt u als PDF in de bijlage.</p>',
      '<p>Het totaalbedrag van deze order is <strong>{{order.total}}</strong>.</p>',
      // The button says what it does itself: a mail sent without the link (its button left out) then
      // has no sentence pointing at a button that is not there.
      confirmButton,
      '<p>Heeft u vragen, beantwoord dan gerust deze e-mail.</p>',
      signature,
    ].join('\n'),
  },
  {
    category: 'invoice',
    isDefault: false,
    name: DEFAULT_TEMPLATE_NAMES.invoice,
    subject: 'Factuur bij order {{order.orderNumber}}',
    content: [
      '<p>Beste {{customer.name}},</p>',
      '<p>In de bijlage vindt u de factuur voor order <strong>{{order.orderNumber}}</strong> van {{order.date}}, ' +
        'met een totaalbedrag van <strong>{{order.total}}</strong>.</p>',
      '<p>Wij verzoeken u het bedrag binnen de afgesproken betalingstermijn over te maken, ' +
        'onder vermelding van het ordernummer.</p>',
      '<p>Heeft u vragen over deze factuur? Beantwoord dan deze e-mail, dan nemen wij contact met u op.</p>',
      signature,
    ].join('\n'),
  },
  {
    category: 'reminder',
    isDefault: false,
    name: DEFAULT_TEMPLATE_NAMES.reminder,
    subject: 'Herinnering: order {{order.orderNumber}}',
    content: [
      '<p>Beste {{customer.name}},</p>',
      '<p>Volgens onze administratie staat het bedrag van <strong>{{order.total}}</strong> voor order ' +
        '<strong>{{order.orderNumber}}</strong> van {{order.date}} nog open. Mogelijk is dit aan uw aandacht ontsnapt.</p>',
      '<p>Wilt u het bedrag zo spoedig mogelijk overmaken, onder vermelding van het ordernummer? ' +
        'Heeft u inmiddels betaald, dan kunt u deze herinnering als niet verzonden beschouwen.</p>',
      signature,
    ].join('\n'),
  },
  {
    category: 'confirmation',
    isDefault: false,
    name: DEFAULT_TEMPLATE_NAMES.confirmation,
    subject: 'Bevestiging van order {{order.orderNumber}}',
    content: [
      '<p>Beste {{customer.name}},</p>',
      '<p>Hartelijk dank. Hierbij bevestigen wij order <strong>{{order.orderNumber}}</strong> van {{order.date}} ' +
        'voor {{customer.company}}, met een totaalbedrag van <strong>{{order.total}}</strong>.</p>',
      '<p>Wij houden u op de hoogte van de verdere afhandeling. Klopt er iets niet? ' +
        'Laat het ons dan weten door deze e-mail te beantwoorden.</p>',
      signature,
    ].join('\n'),
  },
  {
    category: 'other',
    isDefault: false,
    name: DEFAULT_TEMPLATE_NAMES.other,
    subject: 'Bericht van {{user.company}} over order {{order.orderNumber}}',
    content: [
      '<p>Beste {{customer.name}},</p>',
      '<p>Graag informeren wij u over order <strong>{{order.orderNumber}}</strong> van {{order.date}}.</p>',
      '<p>[Typ hier uw bericht.]</p>',
      '<p>Heeft u vragen? Beantwoord dan gerust deze e-mail.</p>',
      signature,
    ].join('\n'),
  },
];
