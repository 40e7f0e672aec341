// spec §5: character sets the rules name.
// Device password special characters, exactly as §5 lists them.
export const DEVICE_PASSWORD_SPECIALS = '!#$%&*+,-.:;=@^_';
// §5 says VLAN and policy names allow "a listed set of symbols" without listing it; we use the
// one symbol set §5 does list (see decisions.md).
export const NAME_SYMBOLS = DEVICE_PASSWORD_SPECIALS;

/** Escape a literal character set for use inside a RegExp character class. */
export function classOf(chars: string): string {
  return chars.replace(/[\\\]^-]/g, (c) => `\\${c}`);
}
