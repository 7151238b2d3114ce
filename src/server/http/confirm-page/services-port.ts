import {
  answerConfirmation,
  confirmationFile,
  readPublicConfirmation,
} from '../../services/orders/confirmation/public';
import { confirmationLogo } from '../../services/orders/confirmation/public-logo';
import type { ConfirmPagePort } from './port';

/** The page's port onto the services: the same functions the public JSON routes call. */
export const servicesPort: ConfirmPagePort = {
  readPublicConfirmation,
  answerConfirmation,
  confirmationFile,
  confirmationLogo,
};
