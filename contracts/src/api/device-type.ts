// The device type as a request takes it (a body field, a list filter). Its own module so that a page
// that only filters by type (the wall display's data screen) does not build every device schema when
// it starts (docs/decisions/datascreen.md, "Wall display").
import { z } from 'zod';
import { DEVICE_TYPES } from '../domain/device.js';
import { apiRuleKey } from './en-api-rules.js';

export const deviceType = z.enum(DEVICE_TYPES, { error: apiRuleKey('deviceType', 'value') });
