/** The Dutch sentences the organisation calls answer with. */
export const organizationMessages = {
  notFound: 'Organisatie niet gevonden.',
  companyDataNeedsAdmin:
    'Alleen een eigenaar of beheerder kan de bedrijfsgegevens wijzigen. U kunt hier alleen uw eigen naam aanpassen.',
  noOrganization: 'U hoort bij geen enkele organisatie.',
};
