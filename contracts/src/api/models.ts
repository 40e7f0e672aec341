// The model catalogue (spec §1 "a list of models that support cloud management"): every model the
// console manages, with what it physically has and its per-model limits (domain/models.ts). Anybody
// signed in may read it; the solution designer reads it too.
import { z } from 'zod';
import { DEVICE_TYPES } from '../domain/device.js';
import { GATEWAY_FUNCTIONS } from '../domain/solution.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';

export const ModelsQuerySchema = z.object({
  /** matches model, brand or type, any case */
  q: z.string().trim().max(64, { error: apiRuleKey('modelSearch', 'length') }).optional(),
  type: z.enum(DEVICE_TYPES, { error: apiRuleKey('deviceType', 'value') }).optional(),
});
export type ModelsQuery = z.output<typeof ModelsQuerySchema>;

const BandSchema = z.enum(['2.4GHz', '5GHz']);

export const CatalogueModelSchema = z.object({
  model: z.string(),
  type: z.enum(DEVICE_TYPES),
  brand: z.string(),
  icon: z.string(),
  ports: z.object({ count: z.number().int(), poe: z.number().int(), sfp: z.number().int(), poeBudgetW: z.number() }),
  wanLines: z.number().int(),
  minVlan: z.number().int(),
  maxVlan: z.number().int(),
  limits: z.object({ vlans: z.number().int(), dhcpPools: z.number().int(), staticRoutes: z.number().int(), portMappings: z.number().int() }),
  bands: z.array(BandSchema),
  maxClients: z.partialRecord(BandSchema, z.number().int()),
  recommendedFirmware: z.string(),
  /** the solution designer's figures (domain/models.ts ModelDesign) */
  design: z.object({
    txPowerDbm: z.partialRecord(BandSchema, z.number()).optional(),
    antennaGainDbi: z.number().optional(),
    designClients: z.partialRecord(BandSchema, z.number().int()).optional(),
    poeDrawW: z.number().optional(),
    switchRole: z.enum(['access', 'core']).optional(),
    throughputMbps: z.number().optional(),
    sessions: z.number().int().optional(),
    functions: z.array(z.enum(GATEWAY_FUNCTIONS)).readonly().optional(),
  }).optional(),
});
export type CatalogueModel = z.output<typeof CatalogueModelSchema>;

export const ModelListSchema = z.object({ list: z.array(CatalogueModelSchema), total: z.number().int() });
export type ModelList = z.output<typeof ModelListSchema>;

const tag = 'models';

export const modelEndpoints = {
  list: endpoint({
    method: 'get', path: '/models', tag, auth: 'session',
    summary: 'The models that support cloud management, searched by model, brand or type (`q`) and filtered by `type`',
    query: ModelsQuerySchema, response: ModelListSchema,
  }),
};
