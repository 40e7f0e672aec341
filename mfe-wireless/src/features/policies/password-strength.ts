// How strong a Wi-Fi password looks (spec §5: 8–63 printable characters or 64 hex digits are accepted;
// the strength is advice, not a rule): length and the kinds of characters it mixes.
export type Strength = 'weak' | 'medium' | 'strong';

export function passwordStrength(password: string): Strength {
  if (password.length < 8) return 'weak';
  if (/^[0-9a-fA-F]{64}$/.test(password)) return 'strong';
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((r) => r.test(password)).length;
  if (password.length >= 12 && kinds >= 3) return 'strong';
  if (password.length >= 10 && kinds >= 2) return 'medium';
  return 'weak';
}
