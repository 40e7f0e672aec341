// Section renderers of the configuration engine: one line per section. The interface, and how a
// target becomes Add/Set/Delete, is described at the top of ./target.ts.
import type { SectionName } from '@airloom/contracts/config';
import { renderName } from './name.js';
import type { Renderer } from './target.js';

export const RENDERERS: Partial<Record<SectionName, Renderer<never>>> = {
  name: renderName,
};

/** the renderer of a section, or undefined while that section is not built */
export function rendererFor(section: SectionName): Renderer<unknown> | undefined {
  return RENDERERS[section] as Renderer<unknown> | undefined;
}
