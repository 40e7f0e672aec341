// Shared vitest settings: workspace packages resolve to their TypeScript sources.
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const workspaceAlias = {
  '@airloom/contracts': here('./contracts/src/index.ts'),
  '@airloom/shared-ui': here('./shared-ui/src/index.ts'),
};
