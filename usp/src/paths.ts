// TR-181 path helpers for agents: `Device.WiFi.Radio.1.Channel` (parameter), `Device.WiFi.` (partial
// path: everything below), `Device.WiFi.Radio.*.Channel` (every instance), `Device.Reboot()`
// (command), `Device.Boot!` (event). Search expressions (`[Enable==true]`) are not supported.

const SEGMENT = /^(?:[A-Za-z_][A-Za-z0-9_-]*|[0-9]+|\*)$/;
const LAST_SEGMENT = /^(?:[A-Za-z_][A-Za-z0-9_-]*(?:\(\)|!)?|[0-9]+|\*)$/;

/** A partial path names an object and everything below it; it ends with a dot. */
export function isPartialPath(path: string): boolean {
  return path.endsWith('.');
}

/** `Device.WiFi.Radio.1.` → ['Device', 'WiFi', 'Radio', '1'] (the trailing dot of a partial path dropped). */
export function splitPath(path: string): string[] {
  const segments = path.split('.');
  if (isPartialPath(path)) segments.pop();
  return segments;
}

/** Syntax check: starts at `Device.`, non-empty segments, `()`/`!` only on the last one. */
export function isValidPath(path: string): boolean {
  const partial = isPartialPath(path);
  const segments = splitPath(path);
  // `Device` alone names no parameter; the root object is `Device.`.
  if (segments[0] !== 'Device' || (!partial && segments.length < 2)) return false;
  return segments.every((s, i) => (i === segments.length - 1 && !partial ? LAST_SEGMENT : SEGMENT).test(s));
}

/**
 * Whether `full` (a concrete path from the agent's tree) is covered by `requested`: equal, below a
 * requested partial path, with `*` standing for any one segment (an instance number).
 */
export function matchesPath(requested: string, full: string): boolean {
  const want = splitPath(requested);
  const have = splitPath(full);
  if (isPartialPath(requested) ? have.length < want.length : have.length !== want.length || isPartialPath(full)) return false;
  return want.every((w, i) => w === '*' || w === have[i]);
}

/**
 * One matcher for many requested paths, with matchesPath's meaning: `covers(full)` is true when any of
 * them covers `full`. Compiled once into a regular expression, so an agent testing every parameter of
 * its tree against a long list (the status event's) does not split both paths for each pair.
 */
export function pathMatcher(requested: readonly string[]): (full: string) => boolean {
  const escape = (seg: string) => seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = requested.map((r) => {
    const body = splitPath(r).map((seg) => (seg === '*' ? '[^.]+' : escape(seg))).join('\\.');
    // a partial path covers itself and everything below; a parameter path only itself
    return isPartialPath(r) ? `${body}(?:\\..*)?` : `${body}`;
  });
  const re = new RegExp(`^(?:${alternatives.join('|')})$`);
  // a partial path asked about (rare) takes the long way
  return (full) => (isPartialPath(full) ? requested.some((r) => matchesPath(r, full)) : re.test(full));
}

/** `Device.DeviceInfo.X_AIRLOOM_Name` → { objPath: 'Device.DeviceInfo.', param: 'X_AIRLOOM_Name' } (Set/Add shape). */
export function splitParamPath(path: string): { objPath: string; param: string } {
  const dot = path.lastIndexOf('.');
  return { objPath: path.slice(0, dot + 1), param: path.slice(dot + 1) };
}
