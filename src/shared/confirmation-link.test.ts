import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_LINK_LINE,
  confirmationUrl,
  exampleConfirmationUrl,
  messageWithLink,
  withoutConfirmationLinks,
} from './confirmation-link';
import { confirmationLabels } from './order-confirmation-states';
import { SAMPLE_CONFIRM_URL } from './template-variables';

describe('the customer’s link in an order mail', () => {
  it('is {APP_URL}/confirm/{token}, with or without a slash after APP_URL', () => {
    expect(confirmationUrl('https://orders.voorbeeld.nl', 'abc')).toBe(
      'https://orders.voorbeeld.nl/confirm/abc',
    );
    expect(confirmationUrl('https://orders.voorbeeld.nl//', 'abc')).toBe(
      'https://orders.voorbeeld.nl/confirm/abc',
    );
  });

  it('the example is the template editor’s, on whatever address is given', () => {
    expect(exampleConfirmationUrl('https://inkooporders.example')).toBe(SAMPLE_CONFIRM_URL);
    expect(exampleConfirmationUrl('http://localhost:4131')).toBe(
      'http://localhost:4131/confirm/voorbeeld-link',
    );
  });

  it('with the link: a message without the variable gets the line under it; one with it stays as written', () => {
    const noLinks = () => {
      throw new Error('only without the link');
    };
    expect(CONFIRMATION_LINK_LINE).toBe(
      `<p>${confirmationLabels.templateButton}: <a href="{{order.confirmUrl}}">{{order.confirmUrl}}</a></p>`,
    );
    expect(messageWithLink('<p>Beste klant</p>', true, noLinks)).toBe(
      `<p>Beste klant</p>\n${CONFIRMATION_LINK_LINE}`,
    );
    const placed = '<p><a href="{{ order.confirmUrl }}">Bekijken</a></p>';
    expect(messageWithLink(placed, true, noLinks)).toBe(placed);
    // Written as a mere look-alike (an unknown name) the variable is not placed: the line is added.
    expect(messageWithLink('<p>{{order.confirmURL}}</p>', true, noLinks)).toContain(CONFIRMATION_LINK_LINE);
  });

  it('without the link: no line, and the message goes through the given link remover', () => {
    expect(messageWithLink('<p>Beste klant</p>', false, (html) => `[${html}]`)).toBe('[<p>Beste klant</p>]');
    expect(messageWithLink('<p>Beste klant</p>', false, withoutConfirmationLinks)).toBe('<p>Beste klant</p>');
  });

  it('withoutConfirmationLinks drops the links to the variable with their text, and nothing else', () => {
    expect(
      withoutConfirmationLinks(
        '<p>a<a style="padding: 10px" href="{{ order.confirmUrl }}"><b>Bevestigen</b></a>b</p>',
      ),
    ).toBe('<p>ab</p>');
    const kept =
      '<p><a href="https://voorbeeld.nl/{{order.orderNumber}}">x</a><a name="top">y</a> {{order.confirmUrl}}</p>';
    expect(withoutConfirmationLinks(kept)).toBe(kept);
  });
});
