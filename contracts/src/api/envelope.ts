// ARCHITECTURE §4: every answer is `{code:0,data}` or `{code:N,message}`; a validation failure
// (code 400) adds `fields`: field path → i18n key of the failing rule.
import { z } from 'zod';

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int().meta({ description: 'spec §8 catalogue code (never 0)' }),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional().meta({ description: 'field path → rules.* i18n key' }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), data });
}

/** Header every state-changing call carries (ARCHITECTURE §4 CSRF); the BFF refuses writes without it. */
export const CSRF_HEADER = 'X-Airloom-Csrf';
