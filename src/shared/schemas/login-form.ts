import { emailSchema } from '../rules/email';
import { z } from '../zod-nl';
import { PASSWORD_MAX } from './password';

/**
 * The login form's rules (spec §5 Login), apart from the other auth schemas: those import the company
 * profile's output, and with it the KVK, BTW, IBAN, phone and website rules, none of which /login
 * needs on its first load (scripts/build/first-load-js.mjs); and apart from two-step sign-in's
 * (login.ts), which only its second step and Beveiliging load. auth.ts re-exports it.
 */
export const loginInput = z.object({
  email: emailSchema({ required: 'E-mailadres is verplicht', invalid: 'Voer een geldig e-mailadres in' }),
  password: z
    .string({ error: 'Wachtwoord is verplicht' })
    .min(1, 'Wachtwoord is verplicht')
    .max(PASSWORD_MAX)
    .describe('Het wachtwoord van het account'),
  rememberMe: z
    .boolean()
    .optional()
    .default(false)
    .describe('Ingelogd blijven: de sessie geldt 30 dagen in plaats van 1 dag'),
});
export type LoginInput = z.input<typeof loginInput>;
