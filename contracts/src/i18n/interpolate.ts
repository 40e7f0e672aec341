// i18next-style `{{name}}` interpolation, so server logs and tests print the same text the UI shows.
export type TextParams = Readonly<Record<string, string | number>>;

export function interpolate(text: string, params: TextParams = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
