// @vitest-environment node
import { setupMockApi } from '@medsched/mock-server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { defineOtherMswTests } from '../shared/other-msw.cjs';

defineOtherMswTests({ setupMockApi, setupServer, http, HttpResponse, it, expect });
