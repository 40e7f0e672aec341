// Permission flags from the build configuration (spec §2), injected by rspack's DefinePlugin from
// AIRLOOM_FLAGS (comma separated; default "beta").
declare const __AIRLOOM_FLAGS__: readonly string[] | undefined;

export const BUILD_FLAGS: readonly string[] = typeof __AIRLOOM_FLAGS__ !== 'undefined' ? __AIRLOOM_FLAGS__ : [];
