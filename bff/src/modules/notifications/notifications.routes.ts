// Handlers of contracts' notification endpoints (API.notifications): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { NotificationsService } from './notifications.service.js';

export function notificationHandlers(notifications: NotificationsService): Handlers['notifications'] {
  return {
    get: (call) => notifications.get(call.project()),
    update: (call) => notifications.update(call.project(), call.body),
    secret: (call) => notifications.secret(call.project()),
    rotateSecret: (call) => notifications.rotateSecret(call.project()),
    test: (call) => notifications.test(call.project()),
    deliveries: (call) => notifications.deliveries(call.project()),
  };
}
