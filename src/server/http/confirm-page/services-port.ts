import { notFound } from '../../errors';
import { confirmationLogo } from '../../services/orders/confirmation/public-logo';
import type { ConfirmPagePort } from './port';

/**
 * The page's port onto the services. The public confirmation service (reading a link's order,
 * recording the answer, the files of the version sent) is wired in here beside the logo; until it is,
 * every link answers as unknown, so the page can never show or change an order it should not.
 */
const unknownLink = async (): Promise<never> => {
  throw notFound();
};

export const servicesPort: ConfirmPagePort = {
  readPublicConfirmation: unknownLink,
  answerConfirmation: unknownLink,
  confirmationFile: unknownLink,
  confirmationLogo,
};
