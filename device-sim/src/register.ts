// Registers simulated devices with the console the way a manufacturer does: POST
// /api/v1/manufacturer/devices with the manufacturer key, in batches the API accepts.
import { LIMITS, type DeviceRegisterRequest, type DeviceRegisterResponse } from '@airloom/contracts';
import { cloudCodeFor, type DeviceSpec } from './specs.js';

export interface RegisterOptions {
  /** e.g. http://localhost:8080 */
  consoleUrl: string;
  /** manufacturer key (Bearer) */
  key: string;
  /** staged for this project: bound at once */
  projectId?: number;
}

/** Registers every spec (each must carry its secret); resolves with the totals of all batches. */
export async function registerDevices(specs: readonly DeviceSpec[], options: RegisterOptions): Promise<{ created: number; updated: number }> {
  const total = { created: 0, updated: 0 };
  const url = new URL('/api/v1/manufacturer/devices', options.consoleUrl);
  for (let i = 0; i < specs.length; i += LIMITS.serialsPerImportMax) {
    const batch = specs.slice(i, i + LIMITS.serialsPerImportMax);
    const body: DeviceRegisterRequest = {
      devices: batch.map((s) => {
        if (!s.secret) throw new Error(`device ${s.sn} has no secret to register`);
        return { sn: s.sn, model: s.model, type: s.type, mac: s.mac, secret: s.secret, cloudCode: cloudCodeFor(s.sn), ...(options.projectId ? { projectId: options.projectId } : {}) };
      }),
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key}` },
      body: JSON.stringify(body),
    }).catch((err: unknown) => {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`console not reachable at ${options.consoleUrl} (${cause?.code ?? cause?.message ?? String(err)})`);
    });
    const envelope = (await res.json().catch(() => ({}))) as { code?: number; message?: string; data?: DeviceRegisterResponse };
    if (!res.ok || envelope.code !== 0 || !envelope.data) {
      throw new Error(`registration refused (HTTP ${res.status}, code ${envelope.code ?? '?'}): ${envelope.message ?? res.statusText}`);
    }
    total.created += envelope.data.created;
    total.updated += envelope.data.updated;
  }
  return total;
}
