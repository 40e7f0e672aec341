// Handlers of contracts' solution endpoints (API.solutions): routes parse and call, the service decides.
import type { Response } from 'express';
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { SolutionsService } from './solutions.service.js';

function sendPdf(res: Response, { name, pdf }: { name: string; pdf: Buffer }): typeof ANSWERED {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_') || 'solution'}.pdf"`);
  res.send(pdf);
  return ANSWERED;
}

/** `partnerOrigins`: who may frame the standalone designer (config SOLUTIONS_PARTNER_ORIGINS). */
export function solutionHandlers(solutions: SolutionsService, options: { partnerOrigins: readonly string[] } = { partnerOrigins: [] }): Handlers['solutions'] {
  return {
    partnerOrigins: () => ({ origins: [...options.partnerOrigins] }),
    recommend: (call) => solutions.recommend(call.principal(), call.body),
    listScenarios: (call) => solutions.scenarios(call.principal()),
    createScenario: (call) => solutions.createScenario(call.principal(), call.body),
    updateScenario: (call) => solutions.updateScenario(call.principal(), call.params.scenarioId, call.body),
    removeScenario: async (call) => {
      await solutions.removeScenario(call.principal(), call.params.scenarioId);
      return null;
    },
    list: (call) => solutions.list(call.principal()),
    create: (call) => solutions.create(call.principal(), call.body),
    get: (call) => solutions.get(call.principal(), call.params.id),
    update: (call) => solutions.update(call.principal(), call.params.id, call.body),
    remove: async (call) => {
      await solutions.remove(call.principal(), call.params.id);
      return null;
    },
    async pdf(call) {
      return sendPdf(call.res, await solutions.pdf(call.principal(), call.params.id));
    },
    listShares: (call) => solutions.shares(call.principal(), call.params.id),
    share: (call) => solutions.share(call.principal(), call.params.id, call.body),
    unshare: async (call) => {
      await solutions.unshare(call.principal(), call.params.id, call.params.shareId);
      return null;
    },
    link: (call) => solutions.byLink(call.params.token),
    linkPdf: async (call) => sendPdf(call.res, await solutions.linkPdf(call.params.token)),
    toProject: (call) => solutions.toProject(call.principal(), call.params.id, call.body.projectName),
    commissioning: (call) => solutions.commissioning(call.project().row.id),
  };
}
