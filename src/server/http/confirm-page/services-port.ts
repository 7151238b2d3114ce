import {
  answerConfirmation,
  confirmationFile,
  confirmationLogo,
  readConfirmationPage,
} from '../../services/orders/confirmation/public';
import type { ConfirmPagePort } from './port';

/**
 * The page's port onto the services: the public JSON routes' own functions, and for reading the page the
 * one that brings the logo's meta along.
 */
export const servicesPort: ConfirmPagePort = {
  readConfirmationPage,
  answerConfirmation,
  confirmationFile,
  confirmationLogo,
};
