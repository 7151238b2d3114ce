import { MAX_AMOUNT_CENTS, parseAmount, parseEuroText } from '../money';
import { z } from '../zod-nl';

/**
 * The organisation's rules for everyone in it (Bedrijfsinstellingen, owner and admin): from which
 * amount an order needs a second person's approval before it may go out, whether that also holds for
 * the orders of admins and the owner, and whether every member must sign in in two steps.
 */
export const organizationSettingsLabels = {
  approvalThreshold: 'Goedkeuring vereist vanaf',
  approvalThresholdHint:
    'Bedrag exclusief btw. Orders vanaf dit bedrag kunnen pas worden verzonden als een eigenaar of beheerder ze heeft goedgekeurd. Leeg: nooit.',
  approvalForAdmins: 'Ook voor orders van beheerders en de eigenaar',
  twoFactorRequired: 'Tweestapsverificatie verplicht',
  twoFactorRequiredHint:
    'Leden zonder tweestapsverificatie moeten die na het inloggen eerst instellen. API-sleutels blijven werken.',
} as const;

export const organizationSettingsMessages = {
  thresholdInvalid: 'Vul een bedrag in euro in, bijvoorbeeld 1.000,00, of laat het veld leeg',
  thresholdDecimals: 'Bedrag mag maximaal 2 decimalen hebben',
  thresholdRange: 'Bedrag moet 0 of meer zijn en hoogstens 9.999.999.999,99',
  booleanField: 'Moet aan of uit staan',
  saved: 'Instellingen opgeslagen.',
  loadError: 'Er is een fout opgetreden bij het ophalen van de instellingen.',
  saveError: 'Er is een fout opgetreden bij het opslaan van de instellingen.',
  /**
   * Turning 'Tweestapsverificatie verplicht' on without having it oneself would lock the person doing
   * it out of everything at their next request.
   */
  ownTwoFactorFirst:
    'Stel eerst voor uzelf tweestapsverificatie in bij Beveiliging. Anders kunt u daarna zelf niets meer doen in de organisatie.',
  /** The 403 of every call a member without two-step sign-in makes while the organisation requires it. */
  enrolmentRequired:
    'Uw organisatie vereist tweestapsverificatie. Stel die eerst in bij Beveiliging; daarna kunt u verder.',
} as const;

/**
 * The threshold as sent: euros as a JSON number (1000, 999.99), text in Dutch or program notation
 * ('1.000,00', '999.99'), or null / '' for never. Parsed to cents, never through a float sum.
 */
export const approvalThresholdSchema = z
  .union([z.number(), z.string().max(40), z.null()], { error: organizationSettingsMessages.thresholdInvalid })
  .transform((v, ctx): number | null => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const parsed = typeof v === 'number' ? parseAmount(v) : parseEuroText(v);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        message:
          parsed.error === 'decimals'
            ? organizationSettingsMessages.thresholdDecimals
            : parsed.error === 'range'
              ? organizationSettingsMessages.thresholdRange
              : organizationSettingsMessages.thresholdInvalid,
      });
      return z.NEVER;
    }
    if (parsed.cents < 0 || parsed.cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: organizationSettingsMessages.thresholdRange });
      return z.NEVER;
    }
    return parsed.cents;
  })
  .describe(
    "Goedkeuring vereist vanaf dit bedrag in euro, exclusief btw (een order met een subtotaal gelijk aan of boven dit bedrag heeft goedkeuring nodig); null of '' = nooit. Een JSON-getal is euro (1000 of 999.99); tekst mag in Nederlandse notatie ('1.000,00').",
  );

const booleanField = (description: string) =>
  z.boolean({ error: organizationSettingsMessages.booleanField }).describe(description);

/** PUT /organization/settings: fields left out keep their value. `approvalThreshold` arrives in cents. */
export const organizationSettingsInput = z.object({
  approvalThreshold: approvalThresholdSchema.optional(),
  approvalForAdmins: booleanField(
    'Of de drempel ook geldt voor orders van beheerders en de eigenaar (standaard false: alleen voor orders van leden)',
  ).optional(),
  twoFactorRequired: booleanField(
    'Of elk lid tweestapsverificatie moet gebruiken; wie het nog niet heeft, moet het na het inloggen eerst instellen',
  ).optional(),
});
export type OrganizationSettingsInput = z.input<typeof organizationSettingsInput>;
export type OrganizationSettingsInputData = z.output<typeof organizationSettingsInput>;

/** GET and PUT /organization/settings answer. */
export const organizationSettingsOutput = z.object({
  approvalThreshold: z
    .number()
    .nullable()
    .describe('Goedkeuring vereist vanaf dit bedrag in euro exclusief btw (2 decimalen); null = nooit'),
  approvalForAdmins: z
    .boolean()
    .describe('Of de drempel ook geldt voor orders van beheerders en de eigenaar'),
  twoFactorRequired: z.boolean().describe('Of tweestapsverificatie verplicht is voor alle leden'),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsOutput>;
