// Setup of every front-end package's tests (vitest.shared.ts `domTestSetup`). Pages load parts of
// themselves on demand (the shared Table is a lazy chunk): on a busy 2-core machine, with the other
// suites and the browser flows running beside them, that takes more than testing-library's default
// second. With the BFF's two test processes beside them the machine's load reached 30–38 and tests
// waited longer still, so `findBy…`/`waitFor` wait up to ten seconds and a test may take forty-five.
// A test that passes takes no longer; what a test asserts does not change.
import { vi } from 'vitest';
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 45_000 });
