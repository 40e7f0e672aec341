// The postMessage API of the embedded designer (docs/solutions-embedding.md): a partner portal frames
// the standalone page with `?partner=<its origin>` and receives the finished bill of materials. The
// message goes to that origin only, and only when the console lists it (SOLUTIONS_PARTNER_ORIGINS):
// a page that is not a partner never learns a bill of materials by naming itself.
import type { Solution } from '@airloom/contracts';

export const BOM_MESSAGE_TYPE = 'airloom:solution-bom';

export interface BomMessage {
  type: typeof BOM_MESSAGE_TYPE;
  version: 1;
  solution: Pick<Solution, 'id' | 'name' | 'scenario' | 'type' | 'policy' | 'inputs' | 'gateway' | 'advice' | 'advantages' | 'modifiedAt'> & {
    lines: { type: Solution['lines'][number]['type']; model: string; quantity: number; remark: string; reason: string }[];
  };
}

/** The origin named by `?partner=`, normalised (`https://portal.example.com`); null when absent or not an http(s) origin. */
export function partnerOrigin(search: string): string | null {
  const raw = new URLSearchParams(search).get('partner');
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

export function bomMessage(solution: Solution): BomMessage {
  const { id, name, scenario, type, policy, inputs, gateway, advice, advantages, modifiedAt, lines } = solution;
  return {
    type: BOM_MESSAGE_TYPE,
    version: 1,
    solution: {
      id, name, scenario, type, policy, inputs, gateway, advice, advantages, modifiedAt,
      lines: lines.map((l) => ({ type: l.type, model: l.model, quantity: l.quantity, remark: l.remark, reason: l.reason })),
    },
  };
}

/**
 * Posts the bill of materials to the framing page when `partner` is one of the `allowed` origins;
 * `targetOrigin` is that origin, so the browser drops it if another page frames us. True when sent.
 */
export function postBom(target: Pick<Window, 'postMessage'> | null, partner: string, allowed: readonly string[], solution: Solution): boolean {
  if (!target || !allowed.includes(partner)) return false;
  target.postMessage(bomMessage(solution), partner);
  return true;
}
