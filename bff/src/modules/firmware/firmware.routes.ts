// Handlers of contracts' firmware endpoints (API.firmware): the access step has run (the download has
// no session: its token is the credential), each calls the service.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { FirmwareService } from './firmware.service.js';

export function firmwareHandlers(firmware: FirmwareService): Handlers['firmware'] {
  return {
    firmware: (call) => firmware.list(call.project()),
    uploadFirmware: (call) => firmware.upload(call.project(), call.req, call.project().principal.accountId),
    removeFirmware: (call) => firmware.remove(call.project(), call.params.imageId),
    firmwareDownload: async (call) => {
      await firmware.serve(call.params.token, call.res);
      return ANSWERED;
    },
  };
}
