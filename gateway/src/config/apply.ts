// One device, one target: read what the device holds, plan, send the plan. The engine's reconciler
// calls this with `controller.request` bound to the device; tests call it with the simulator's data
// model. A USP Error or a failed object result is the device refusing the change (`failed`, with its
// error); a timeout or a lost connection is thrown, as nothing is known and the engine tries again.
import { buildGet, USP_ERR } from '@airloom/usp';
import { UspErrorResponse, type RequestMsg, type ResponseTo } from '../usp-controller.js';
import { isEmptyPlan, pathsToRead, planConfig, planMessages, type ConfigPlan, type ReportedValues, type Tr181Target } from './target.js';

export type Send = <M extends RequestMsg>(msg: M) => Promise<ResponseTo<M>>;

export type ApplyResult =
  | { status: 'applied'; plan: ConfigPlan; reported: ReportedValues }
  | { status: 'failed'; errCode: number; errMsg: string; plan?: ConfigPlan };

/** the device's values under `paths`, flattened to full parameter paths */
export async function readValues(send: Send, paths: string[]): Promise<ReportedValues> {
  const resp = await send(buildGet(paths));
  const out: ReportedValues = {};
  for (const requested of resp.reqPathResults) {
    if (requested.errCode !== 0) throw new UspErrorResponse(requested.errCode, `${requested.requestedPath}: ${requested.errMsg}`);
    for (const r of requested.resolvedPathResults) {
      for (const [param, value] of Object.entries(r.resultParams)) out[r.resolvedPath + param] = value;
    }
  }
  return out;
}

/** the first refusal in a response whose objects each say ok or not */
function refusal(resp: ResponseTo<RequestMsg>): { errCode: number; errMsg: string } | undefined {
  const results =
    resp.type === 'setResp' ? resp.updatedObjResults : resp.type === 'addResp' ? resp.createdObjResults : resp.type === 'deleteResp' ? resp.deletedObjResults : [];
  for (const r of results) if (!r.ok) return { errCode: r.errCode, errMsg: r.errMsg };
  return undefined;
}

/** rounds of plan and send: a second (and third) only for instances that refer to ones the first added */
const MAX_ROUNDS = 3;

/**
 * `beforeChange` runs once, just before the first message that changes something (not when the device
 * holds the target already): the engine arms safe apply there.
 */
export async function applyTarget(send: Send, target: Tr181Target, beforeChange?: () => Promise<void>): Promise<ApplyResult> {
  let plan: ConfigPlan | undefined;
  let changing = false;
  try {
    let waited = true;
    for (let round = 0; ; round++) {
      // what the device holds, read before each round; after one, the change counts once the device says so
      const reported = await readValues(send, pathsToRead(target));
      const next = planConfig(target, reported);
      plan ??= next;
      if (isEmptyPlan(next)) return { status: 'applied', plan, reported };
      if (!waited || round === MAX_ROUNDS) {
        return { status: 'failed', errCode: USP_ERR.INTERNAL_ERROR, errMsg: 'the device does not hold the values it accepted', plan };
      }
      waited = (next.waiting ?? 0) > 0;
      if (!changing && beforeChange) await beforeChange();
      changing = true;
      for (const msg of planMessages(next)) {
        const refused = refusal(await send(msg));
        if (refused) return { status: 'failed', ...refused, plan };
      }
    }
  } catch (err) {
    if (err instanceof UspErrorResponse) return { status: 'failed', errCode: err.errCode, errMsg: err.message, plan };
    throw err;
  }
}
