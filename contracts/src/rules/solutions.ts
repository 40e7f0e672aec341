// spec §5 "Solutions": device caps of a solution (scheme).
import { z } from 'zod';
import { SOLUTION_DEVICE_CAPS, SOLUTION_DEVICE_KINDS } from '../domain/solution.js';
import { ruleKey } from './key.js';

const line = z.object(
  {
    model: z.string({ error: ruleKey('solutionDevices', 'model') }).trim().min(1, { error: ruleKey('solutionDevices', 'model') }),
    kind: z.enum(SOLUTION_DEVICE_KINDS, { error: ruleKey('solutionDevices', 'required') }),
    quantity: z
      .number({ error: ruleKey('solutionDevices', 'quantity') })
      .int({ error: ruleKey('solutionDevices', 'quantity') })
      .min(1, { error: ruleKey('solutionDevices', 'quantity') }),
  },
  { error: ruleKey('solutionDevices', 'required') },
);

// spec §5: ≤ 1 AC, ≤ 1 gateway, ≤ 99 access and ≤ 99 core switches, ≤ 999 APs (quantities summed
// per kind); a model must not already be in the solution
export const solutionDevices = z.array(line, { error: ruleKey('solutionDevices', 'required') }).superRefine((lines, ctx) => {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const model = l.model.trim().toLowerCase();
    if (seen.has(model)) {
      ctx.addIssue({ code: 'custom', message: ruleKey('solutionDevices', 'duplicateModel'), path: [i, 'model'], input: lines });
    }
    seen.add(model);
  });
  for (const kind of SOLUTION_DEVICE_KINDS) {
    const total = lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.quantity, 0);
    if (total > SOLUTION_DEVICE_CAPS[kind]) {
      ctx.addIssue({ code: 'custom', message: ruleKey('solutionDevices', kind), input: lines });
    }
  }
});
