// The notification panel's calls: each a declared endpoint of contracts (API.notifications.*), sent through the shell's client.
import { API, type NotificationSettings } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createNotificationsApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    get: (signal?: AbortSignal) => api.call(API.notifications.get, { params: { id }, signal }),
    update: (body: NotificationSettings) => api.call(API.notifications.update, { params: { id }, body }),
    secret: () => api.call(API.notifications.secret, { params: { id } }),
    rotateSecret: () => api.call(API.notifications.rotateSecret, { params: { id } }),
    test: () => api.call(API.notifications.test, { params: { id } }),
    deliveries: (signal?: AbortSignal) => api.call(API.notifications.deliveries, { params: { id }, signal }),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
