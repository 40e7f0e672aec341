// The form of one configuration section (ARCHITECTURE §7): the section's body as it is being edited,
// checked on every change with the very schema the server uses (`sectionSchemaFor`), messages by
// dotted body path (`vlans.2.name`) — the same paths the server names in a refusal's `fields`.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, translateFailure } from '@airloom/shared-ui';

export type Body = Record<string, unknown>;
/** A dotted path into the body, numbers for list positions: `vlans.2.name`. */
export type Path = string;

/** What a schema (or a cross-section check) finds wrong: the i18n key of its sentence at a path. */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Anything with zod's safeParse: the section's schema from `@airloom/contracts/config`. */
export interface BodySchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

export function pathOf(keys: readonly PropertyKey[]): Path {
  return keys.map(String).join('.');
}

export function getAt(body: unknown, path: Path): unknown {
  if (path === '') return body;
  let node: unknown = body;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `body` with `value` at `path` (undefined removes the key: an optional field left empty). */
export function setAt<T>(body: T, path: Path, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return body;
  const node = (body ?? {}) as Record<string, unknown> | unknown[];
  const next = rest.length === 0 ? value : setAt(Array.isArray(node) ? node[Number(head)] : node[head], rest.join('.'), value);
  if (Array.isArray(node)) return node.map((v, i) => (i === Number(head) ? next : v)) as T;
  const copy: Record<string, unknown> = { ...node };
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy as T;
}

/** Deep equality of two JSON documents (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Body)[k], (b as Body)[k]));
}

/** The first message key per path. */
export function issuesByPath(issues: readonly Issue[]): Map<Path, string> {
  const out = new Map<Path, string>();
  for (const issue of issues) {
    const path = pathOf(issue.path);
    if (!out.has(path)) out.set(path, issue.message);
  }
  return out;
}

export interface SectionForm {
  values: Body;
  /** The body as stored (what Save compares with). */
  baseline: Body;
  set(path: Path, value: unknown): void;
  /** A change of the whole body (add or remove a row, QVLAN off). */
  update(change: (values: Body) => Body): void;
  /** The sentence for a path: the server's refusal first, else the schema's. */
  errorAt(path: Path): string | null;
  /** How many paths fail a rule now. */
  invalidCount: number;
  /** The sentences of what fails now, each once (also those of rules about no single field). */
  problems: string[];
  dirty: boolean;
  /** Starts again from a stored body (after loading, saving, or a change made elsewhere). */
  reset(body: Body): void;
  /** A refusal's `fields` go under their fields; returns whether it had any. */
  applyServerError(error: unknown): boolean;
}

/**
 * @param schema the section's schema for this device
 * @param extraIssues checks across sections the page can make beforehand (the server makes them
 *   again before it stores anything)
 */
export function useSectionForm(initial: Body, schema: BodySchema, extraIssues?: (values: Body) => readonly Issue[]): SectionForm {
  const { t } = useTranslation();
  const [baseline, setBaseline] = useState<Body>(initial);
  const [values, setValues] = useState<Body>(initial);
  const [server, setServer] = useState<Map<Path, string>>(new Map());

  const issues = useMemo(() => {
    const parsed = schema.safeParse(values);
    // checks across sections read a well-formed body: they come once the section's own rules pass
    return issuesByPath(parsed.success ? (extraIssues?.(values) ?? []) : parsed.error.issues);
  }, [schema, values, extraIssues]);

  // A server message is about the value that was sent: changing it (or what holds it) clears it.
  const clearServer = useCallback((path: Path) => {
    setServer((prev) => {
      const kept = [...prev].filter(([p]) => !(p === path || p.startsWith(`${path}.`) || path.startsWith(`${p}.`)));
      return kept.length === prev.size ? prev : new Map(kept);
    });
  }, []);

  const set = useCallback(
    (path: Path, value: unknown) => {
      setValues((prev) => setAt(prev, path, value));
      clearServer(path);
    },
    [clearServer],
  );

  const update = useCallback((change: (values: Body) => Body) => {
    setValues(change);
    setServer(new Map());
  }, []);

  const errorAt = useCallback(
    (path: Path) => {
      const key = server.get(path) ?? issues.get(path);
      return key ? translateFailure(t, { key, params: {} }) : null;
    },
    [server, issues, t],
  );

  const reset = useCallback((body: Body) => {
    setBaseline(body);
    setValues(body);
    setServer(new Map());
  }, []);

  const applyServerError = useCallback((error: unknown) => {
    if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return false;
    setServer(new Map(Object.entries(error.fields)));
    return true;
  }, []);

  const problems = useMemo(() => [...new Set([...issues.values()].map((key) => translateFailure(t, { key, params: {} }) ?? key))], [issues, t]);

  return {
    values,
    baseline,
    problems,
    set,
    update,
    errorAt,
    invalidCount: issues.size,
    dirty: !sameJson(values, baseline),
    reset,
    applyServerError,
  };
}
