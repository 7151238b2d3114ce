import { describe, expect, it } from 'vitest';
import { organizationSettingsMessages as m } from '../../../shared/schemas/organization-settings';
import {
  checkOrganizationSettings,
  type OrganizationSettingsValues,
  organizationSettingsValuesOf,
} from './organization-settings-form';

const values = (overrides: Partial<OrganizationSettingsValues> = {}): OrganizationSettingsValues => ({
  approvalThreshold: '',
  approvalForAdmins: false,
  twoFactorRequired: false,
  ...overrides,
});
const withTwoFactor = { ownTwoFactor: true, savedTwoFactorRequired: false };
const withoutTwoFactor = { ownTwoFactor: false, savedTwoFactorRequired: false };

describe('Organisatie-instellingen', () => {
  it('shows the stored threshold in Dutch notation, and no threshold as empty', () => {
    expect(
      organizationSettingsValuesOf({
        approvalThreshold: 5000,
        approvalForAdmins: true,
        twoFactorRequired: false,
      }),
    ).toEqual({ approvalThreshold: '5.000,00', approvalForAdmins: true, twoFactorRequired: false });
    expect(
      organizationSettingsValuesOf({
        approvalThreshold: 0.1,
        approvalForAdmins: false,
        twoFactorRequired: true,
      }),
    ).toEqual({ approvalThreshold: '0,10', approvalForAdmins: false, twoFactorRequired: true });
    expect(
      organizationSettingsValuesOf({
        approvalThreshold: null,
        approvalForAdmins: false,
        twoFactorRequired: false,
      }).approvalThreshold,
    ).toBe('');
  });

  it('sends the threshold as typed, empty for never, and refuses what the server would refuse', () => {
    expect(checkOrganizationSettings(values({ approvalThreshold: '1.234,50' }), withTwoFactor)).toEqual({
      ok: true,
      data: values({ approvalThreshold: '1.234,50' }),
    });
    expect(checkOrganizationSettings(values(), withTwoFactor).ok).toBe(true);
    expect(checkOrganizationSettings(values({ approvalThreshold: '12,345' }), withTwoFactor)).toEqual({
      ok: false,
      errors: { approvalThreshold: m.thresholdDecimals },
    });
    expect(checkOrganizationSettings(values({ approvalThreshold: '-5' }), withTwoFactor)).toEqual({
      ok: false,
      errors: { approvalThreshold: m.thresholdRange },
    });
    expect(checkOrganizationSettings(values({ approvalThreshold: 'veel' }), withTwoFactor)).toEqual({
      ok: false,
      errors: { approvalThreshold: m.thresholdInvalid },
    });
  });

  it('switching two-step sign-in required on asks the person saving to use it first', () => {
    expect(checkOrganizationSettings(values({ twoFactorRequired: true }), withoutTwoFactor)).toEqual({
      ok: false,
      errors: { twoFactorRequired: m.ownTwoFactorFirst },
    });
    expect(
      checkOrganizationSettings(
        values({ twoFactorRequired: true, approvalThreshold: 'x' }),
        withoutTwoFactor,
      ),
    ).toEqual({
      ok: false,
      errors: { twoFactorRequired: m.ownTwoFactorFirst, approvalThreshold: m.thresholdInvalid },
    });
    expect(checkOrganizationSettings(values({ twoFactorRequired: true }), withTwoFactor).ok).toBe(true);
    // Already on: saving it unchanged is no switch; switching it off needs nothing.
    expect(
      checkOrganizationSettings(values({ twoFactorRequired: true }), {
        ownTwoFactor: false,
        savedTwoFactorRequired: true,
      }).ok,
    ).toBe(true);
    expect(checkOrganizationSettings(values({ twoFactorRequired: false }), withoutTwoFactor).ok).toBe(true);
  });
});
