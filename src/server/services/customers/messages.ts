/** The Dutch sentences the customer calls answer with (the orders service uses them too). */
export const CUSTOMER_NOT_FOUND = 'Klant niet gevonden.';
