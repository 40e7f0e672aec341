// Handlers of contracts' onboarding endpoints (API.onboarding): the access step has run, each calls the service.
// The import reads its multipart body itself (the declaration has no JSON body), as the floor plan upload does.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { OnboardingService } from './onboarding.service.js';

export function onboardingHandlers(onboarding: OnboardingService): Handlers['onboarding'] {
  return {
    addByCode: (call) => onboarding.addByCode(call.project(), call.body),
    template: async (call) => {
      const { res } = call;
      res.status(200);
      res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      res.setHeader('Content-Disposition', 'attachment; filename="airloom-device-import-template.xlsx"');
      await onboarding.template(res);
      if (!res.writableEnded) res.end();
      return ANSWERED;
    },
    import: (call) => onboarding.import(call.project(), call.req, call.query),
  };
}
