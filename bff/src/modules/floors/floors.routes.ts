// Handlers of contracts' floor endpoints (API.floors): the access step has run, each calls the service.
// The plan upload reads its multipart body itself (the declaration has no JSON body); the plan is
// answered as image/jpeg.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { FloorsService } from './floors.service.js';

export function floorHandlers(floors: FloorsService): Handlers['floors'] {
  return {
    list: (call) => floors.list(call.project()),
    create: (call) => floors.create(call.project(), call.body),
    update: (call) => floors.update(call.project(), call.params.floorId, call.body),
    remove: (call) => floors.remove(call.project(), call.params.floorId),
    uploadImage: (call) => floors.uploadImage(call.project(), call.params.floorId, call.req),
    scan: (call) => floors.scan(call.project(), call.params.floorId),
    measurements: (call) => floors.measurements(call.project(), call.params.floorId),
    image: async (call) => {
      const bytes = await floors.image(call.project(), call.params.floorId);
      call.res.status(200).type('image/jpeg').setHeader('Cache-Control', 'private, no-cache');
      call.res.end(bytes);
      return ANSWERED;
    },
  };
}
