import { describe, expect, it } from 'vitest';
import { formTokenFor, isFormTokenValid, isSameOriginPost, stableFormSecret } from './cross-site';

const APP = 'https://orders.example.nl';

describe('the form token', () => {
  const secret = stableFormSecret();

  it('is bound to the link: the page of one link carries a token another link refuses', () => {
    const token = formTokenFor(secret, 'link-a');
    expect(isFormTokenValid(secret, 'link-a', token)).toBe(true);
    expect(isFormTokenValid(secret, 'link-b', token)).toBe(false);
  });

  it('is the same in every process: a page shown before a restart is still answered after it', () => {
    expect(formTokenFor(stableFormSecret(), 'link-a')).toBe(formTokenFor(secret, 'link-a'));
  });

  it('refuses an empty, shortened, lengthened or altered token', () => {
    const token = formTokenFor(secret, 'link-a');
    for (const posted of [
      '',
      token.slice(1),
      `${token}x`,
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ])
      expect(isFormTokenValid(secret, 'link-a', posted)).toBe(false);
  });

  it('is not the link’s token itself, nor something derived without the key', () => {
    const token = formTokenFor(secret, 'link-a');
    expect(token).not.toContain('link-a');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('the same-origin check', () => {
  const check = (headers: { origin?: string; secFetchSite?: string; host?: string }) =>
    isSameOriginPost({ origin: headers.origin, secFetchSite: headers.secFetchSite, host: headers.host }, APP);

  it('goes by Sec-Fetch-Site when the browser sends it: only same-origin passes', () => {
    expect(check({ secFetchSite: 'same-origin' })).toBe(true);
    // The page's own post: no-referrer makes the browser name its origin null.
    expect(check({ secFetchSite: 'same-origin', origin: 'null' })).toBe(true);
    expect(check({ secFetchSite: 'cross-site' })).toBe(false);
    expect(check({ secFetchSite: 'same-site' })).toBe(false);
    expect(check({ secFetchSite: 'none' })).toBe(false);
    // A sandboxed frame elsewhere: null origin, but the browser says where it came from.
    expect(check({ secFetchSite: 'cross-site', origin: 'null' })).toBe(false);
    // Another site cannot claim this one by its Origin when the browser says otherwise.
    expect(check({ secFetchSite: 'cross-site', origin: APP })).toBe(false);
  });

  it('without Sec-Fetch-Site, takes an Origin that is the app’s or the host it was sent to', () => {
    expect(check({ origin: APP, host: 'internal:3000' })).toBe(true);
    expect(check({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBe(true);
  });

  it('without Sec-Fetch-Site, refuses another origin and an Origin that is no URL', () => {
    expect(check({ origin: 'https://evil.example', host: 'orders.example.nl' })).toBe(false);
    expect(check({ origin: 'https://orders.example.nl.evil.example', host: 'orders.example.nl' })).toBe(
      false,
    );
    expect(check({ origin: 'not a url', host: 'orders.example.nl' })).toBe(false);
  });

  it('with neither header, or only Origin null, leaves it to the form token', () => {
    expect(check({})).toBe(true);
    expect(check({ origin: 'null' })).toBe(true);
  });
});
