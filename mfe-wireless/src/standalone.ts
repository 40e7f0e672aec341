// Standalone entry (ARCHITECTURE §3 "every remote also builds a standalone entry"): the async
// boundary lets Module Federation resolve the shared singletons before React starts.
void import('./app').then(({ remote }) => remote.standalone());
