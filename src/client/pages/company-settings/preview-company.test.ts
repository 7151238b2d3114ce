import { describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY } from '../../../shared/document';
import { previewCompany } from './preview-company';

describe('previewCompany', () => {
  it('is the sample company when there is no profile', () => {
    expect(previewCompany(undefined)).toEqual(SAMPLE_COMPANY);
  });

  it("uses the user's own data where filled in and the sample's elsewhere", () => {
    const company = previewCompany({
      company: 'Bakkerij De Korf',
      city: ' Zwolle ',
      address: '',
      email: '  ',
    });
    expect(company).toEqual({ ...SAMPLE_COMPANY, company: 'Bakkerij De Korf', city: 'Zwolle' });
  });
});
