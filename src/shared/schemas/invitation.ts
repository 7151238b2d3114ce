import { emailSchema } from '../rules/email';
import { requiredText } from '../rules/text';
import { z } from '../zod-nl';
import { idOutput, instantOutput } from './common';
import { ROLE_LABELS } from './organization';
import { newPasswordSchema } from './password';

/** The roles an invitation can give: never owner, which only a transfer of ownership moves. */
export const invitationRoles = ['admin', 'member', 'viewer'] as const;
export type InvitationRole = (typeof invitationRoles)[number];

/** How long an invitation link works after it was (last) sent. */
export const INVITATION_VALID_DAYS = 7;
/** Open invitations one organisation may have at once. */
export const INVITATION_OPEN_LIMIT = 50;
/** Invitation mails (new and resent) one organisation may send per window. */
export const INVITATION_SEND_LIMIT = 20;
export const INVITATION_SEND_WINDOW_MINUTES = 60;

const roleMessage = `Kies een rol: ${invitationRoles
  .map((r) => ROLE_LABELS[r])
  .join(', ')
  .replace(/, ([^,]*)$/, ' of $1')}`;

export const invitationInput = z.object({
  email: emailSchema({ required: 'E-mailadres is verplicht', invalid: 'Voer een geldig e-mailadres in' }),
  role: z
    .enum(invitationRoles, { error: roleMessage })
    .describe('De rol na acceptatie: admin, member of viewer (eigenaar wordt men alleen door overdracht)'),
});
export type InvitationInput = z.input<typeof invitationInput>;

const person = z
  .object({ id: idOutput(), name: z.string().describe('Naam') })
  .nullable()
  .describe('Wie uitnodigde (`null` als dat account niet meer bestaat)');

export const invitationOutput = z.object({
  id: idOutput(),
  email: z.string().describe('Het uitgenodigde e-mailadres, in kleine letters'),
  role: z.enum(invitationRoles).describe('De rol na acceptatie: admin, member of viewer'),
  invitedBy: person,
  createdAt: instantOutput('Uitgenodigd op'),
  sentAt: instantOutput('Laatst verstuurd op'),
  expiresAt: instantOutput('De link werkt tot'),
  expired: z.boolean().describe('`true` als de link verlopen is; opnieuw versturen geeft een nieuwe'),
});
export type InvitationView = z.infer<typeof invitationOutput>;

/** The path's token: what the mail's link carries. */
export const invitationTokenInput = z.object({
  token: z.string().min(1).max(200).describe('Het token uit de uitnodigingslink in de e-mail'),
});

/** GET /invitations/{token}: what the invitation page shows, without a login. */
export const invitationPublicOutput = z.object({
  organizationName: z.string().describe('De organisatie die uitnodigt'),
  email: z.string().describe('Het uitgenodigde e-mailadres'),
  role: z.enum(invitationRoles).describe('De rol na acceptatie: admin, member of viewer'),
  invitedBy: z.string().describe('De naam van wie uitnodigde'),
  expiresAt: instantOutput('De link werkt tot'),
});
export type InvitationPublic = z.infer<typeof invitationPublicOutput>;

/** The register form on the invitation page: the address is the invited one, so no company fields. */
export const invitationRegisterForm = z.object({
  name: requiredText('Naam is verplicht').describe('Naam van de gebruiker'),
  password: newPasswordSchema,
});
export type InvitationRegisterForm = z.input<typeof invitationRegisterForm>;
