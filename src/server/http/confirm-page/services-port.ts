import {
  answerConfirmation,
  confirmationFile,
  confirmationLogo,
  readPublicConfirmation,
} from '../../services/orders/confirmation/public';
import type { ConfirmPagePort } from './port';

/** The page's port onto the services: the same functions the public JSON routes call. */
export const servicesPort: ConfirmPagePort = {
  readPublicConfirmation,
  answerConfirmation,
  confirmationFile,
  confirmationLogo,
};
