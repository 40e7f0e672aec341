// Standalone entry: the data screen on a wall display, without the shell (ARCHITECTURE §3). The
// async boundary lets Module Federation resolve the shared singletons before React starts.
void import('./standalone/start').then(({ start }) => start());
