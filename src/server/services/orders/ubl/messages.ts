/**
 * Why an order cannot be written as a Peppol UBL order (a 409): each names what is missing and
 * where to fill it in. The customer's data comes from the order's snapshot, so after the customer is
 * changed the order must be saved again to take it.
 */
export const ublMessages = {
  sellerId: 'Vul het KVK-nummer of BTW-nummer van uw bedrijf in bij Bedrijfsinstellingen.',
  sellerCountry:
    'Kies het land van uw bedrijf bij Bedrijfsinstellingen: een UBL-bestand noemt het land met zijn landcode.',
  sellerVatScheme: (country: string) =>
    `Peppol kent geen adres op basis van een BTW-nummer uit ${country}. Vul het KVK-nummer van uw bedrijf in bij Bedrijfsinstellingen.`,
  noCustomer: 'Deze order heeft geen klantgegevens. Kies een klant en sla de order opnieuw op.',
  buyerId:
    'Vul het KVK-nummer of BTW-nummer van de klant in bij Klanten en sla de order daarna opnieuw op: zonder KVK- of BTW-nummer kan de klant niet in een UBL-bestand.',
  buyerVatScheme: (country: string) =>
    `Peppol kent geen adres op basis van een BTW-nummer uit ${country}: voor deze klant kan geen UBL-bestand worden gemaakt.`,
  deliveryCountry:
    'Het land van het afleveradres is onbekend. Kies een land uit de lijst en sla de order opnieuw op.',
} as const;
