import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client';
import type { Config } from '../config';
import type { Mailer } from './mail-types';

/** What the auth services use; the tRPC context satisfies it, and so does a test's hand-made object. */
export type AuthDeps = {
  db: DbOrTx;
  config: Pick<Config, 'appUrl'>;
  mailer: Mailer;
  log: Logger;
};
