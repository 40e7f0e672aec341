// Wi-Fi channels, without zod: the Wi-Fi map's planned APs choose from them in the main entry (a page that
// imported the radio sections' `@airloom/contracts/config` for two lists fetched its own copy of zod).

/** 2.4 GHz channels 1–13 (ETSI); the planner uses the non-overlapping 1/6/11 */
export const CHANNELS_24 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
/** 5 GHz 20 MHz channels: UNII-1, UNII-2 (DFS), UNII-2e (DFS), UNII-3 */
export const CHANNELS_5 = [36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 149, 153, 157, 161, 165] as const;
