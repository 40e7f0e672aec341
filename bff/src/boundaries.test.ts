// ARCHITECTURE §1's import rules are ESLint allow-lists (eslint.config.js): each forbidden import
// below fails lint, and the allowed ones beside it pass, so the rules can neither be missing nor
// too broad.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** Messages of the import rule for one line of code, as if written in `file`. */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('package boundaries (ARCHITECTURE §1)', () => {
  it.each([
    ['bff/src/modules/devices/probe.ts', "import { findDevice } from '@airloom/gateway';", /bff may import @airloom\/contracts\/\*, @airloom\/gateway\/public, @airloom\/radio only/],
    ['bff/src/modules/devices/probe.ts', "import { Agent } from '@airloom/device-sim';", /bff may import/],
    ['bff/src/modules/devices/probe.ts', "import { outbox } from '../../../../gateway/src/outbox.js';", /never a relative path/],
    ['bff/src/probe.ts', "import { useState } from 'react';", /server packages import no React/],
    ['gateway/src/probe.ts', "import { createApp } from '@airloom/bff';", /gateway may import/],
    ['mfe-network/src/probe.ts', "import { OverviewPage } from '@airloom/mfe-overview';", /mfe-network may import/],
    ['shell/src/probe.ts', "import { app } from '@airloom/mfe-network';", /shell may import/],
    ['contracts/src/probe.ts', "import express from 'express';", /contracts imports zod only/],
    ['shared-ui/src/probe.ts', "import { createDeviceDirectory } from '@airloom/gateway/public';", /shared-ui may import/],
  ])('refuses in %s: %s', async (file, code, message) => {
    const problems = await importProblems(file, code);
    expect(problems).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['bff/src/modules/devices/probe.ts', "import { createDeviceDirectory } from '@airloom/gateway/public';"],
    ['bff/src/modules/devices/probe.test.ts', "import { registerDevices } from '@airloom/gateway/testing';"],
    ['bff/src/runtime/demo-fleet.ts', "import { demoFleet } from '@airloom/device-sim';"],
    ['mfe-network/src/probe.ts', "import { createRemote } from '@airloom/shared-ui/remote';"],
    ['gateway/src/probe.ts', "import { encodeRecord } from '@airloom/usp';"],
    ['contracts/src/probe.ts', "import { z } from 'zod';"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await importProblems(file, code)).toEqual([]);
  });
});
