import type { Unit } from '../../../../shared/constants';

/**
 * The app's units as UN/ECE Recommendation 20 codes, the list the Peppol rules check every
 * `cbc:Quantity/@unitCode` against (UNECERec20-11e.xml among the code lists in src/test/peppol/upstream).
 * docs/decisions/ubl.md says why these codes and not their neighbours (C62 'one', EA 'each').
 */
export const UBL_UNIT_CODES: Record<Unit, string> = {
  stuk: 'H87',
  uur: 'HUR',
  dag: 'DAY',
  meter: 'MTR',
  m2: 'MTK',
};
