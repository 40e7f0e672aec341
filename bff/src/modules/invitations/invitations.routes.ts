// Handlers of contracts' invitation endpoints (API.invitations).
import type { Handlers } from '../../http/endpoints.js';
import type { InvitationsService } from './invitations.service.js';

export function invitationHandlers(invitations: InvitationsService): Handlers['invitations'] {
  return {
    create: (call) => invitations.create(call.project(), call.body),
    view: (call) => invitations.view(call.principal(), call.params.invitation),
    accept: (call) => invitations.accept(call.principal(), call.params.invitation),
  };
}
