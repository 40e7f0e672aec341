// Handlers of contracts' profile endpoints (API.profile): parse and call.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { ProfileService } from './profile.service.js';

export function profileHandlers(profile: ProfileService): Handlers['profile'] {
  return {
    get: (call) => profile.profile(call.principal()),
    company: (call) => profile.updateCompany(call.principal(), call.body),
    uploadAvatar: (call) => profile.uploadAvatar(call.principal(), call.body.image),
    avatar: async ({ res, principal }) => {
      const { mime, image } = await profile.avatar(principal());
      // only the recognised image type, never sniffed, never run as a page
      res.setHeader('Content-Type', mime);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Content-Disposition', 'inline; filename="avatar"');
      // the address carries the upload's time, so a new avatar is a new address
      res.setHeader('Cache-Control', 'private, max-age=86400');
      res.end(image);
      return ANSWERED;
    },
  };
}
