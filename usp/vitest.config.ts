import { defineConfig } from 'vitest/config';
import { serverTestConfig } from '../vitest.shared.ts';

export default defineConfig(serverTestConfig('usp'));
