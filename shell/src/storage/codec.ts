// spec §3: some client-side data is "stored encoded". Encoded is not encrypted: base64 of the
// UTF-8 JSON keeps it out of casual sight and survives any character (nicknames in any script).

export function encode(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on anything that is not what `encode` wrote. */
export function decode(text: string): unknown {
  const binary = atob(text);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}
