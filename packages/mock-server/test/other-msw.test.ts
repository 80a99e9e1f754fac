import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../src/index.js';
// The same tests run from the packed packages in Vitest (node, jsdom) and, with msw 3, in the msw probe.
import { defineOtherMswTests } from './consumer/shared/other-msw.cjs';

describe('another msw server beside the mock', () => {
  defineOtherMswTests({ setupMockApi, setupServer, http, HttpResponse, it, expect });
});
