/**
 * `count` characters drawn uniformly from `alphabet` with the OS CSPRNG (crypto.getRandomValues):
 * bytes at or above the largest multiple of the alphabet's length are drawn again, so no character
 * is more likely than another (a plain `byte % length` favours the first ones).
 */
export function randomCharacters(alphabet: string, count: number): string {
  const unbiasedBelow = 256 - (256 % alphabet.length);
  const bytes = new Uint8Array(count + 16);
  let out = '';
  while (out.length < count) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= unbiasedBelow) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === count) break;
    }
  }
  return out;
}
