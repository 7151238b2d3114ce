/** The Dutch sentences the organisation calls answer with. */
export const organizationMessages = {
  notFound: 'Organisatie niet gevonden.',
  companyDataNeedsAdmin:
    'Alleen een eigenaar of beheerder kan de bedrijfsgegevens wijzigen. U kunt hier alleen uw eigen naam aanpassen.',
  noOrganization:
    'U hoort bij geen enkele organisatie. Vraag de eigenaar of een beheerder van een organisatie om een nieuwe uitnodiging.',
  memberNotFound: 'Lid niet gevonden.',
  ownerUntouchable:
    'Alleen de eigenaar zelf kan de eigenaar wijzigen, en alleen door het eigendom over te dragen. Een beheerder kan de eigenaar niet wijzigen of verwijderen.',
  ownerKeepsRole:
    'U bent de eigenaar: draag eerst het eigendom over aan een ander lid (Eigendom overdragen), dan wordt u beheerder.',
  ownerCannotBeRemoved:
    'De eigenaar kan niet worden verwijderd. Draag eerst het eigendom over aan een ander lid.',
  ownerCannotLeave:
    'Als eigenaar kunt u de organisatie niet verlaten. Draag eerst het eigendom over aan een ander lid (Team, Eigendom overdragen); daarna kunt u vertrekken.',
  alreadyOwner: 'U bent al de eigenaar van deze organisatie. Kies een ander lid.',
  roleChanged: 'De rol is gewijzigd.',
  memberRemoved:
    'Het lid is verwijderd: de toegang is ingetrokken, de API-sleutels van dit lid zijn ingetrokken en de sessies beëindigd.',
  ownershipTransferred: 'Het eigendom is overgedragen. U bent nu beheerder.',
  left: 'U hebt de organisatie verlaten.',
};
