import { z } from 'zod';
import { idParams, pageNumber, text } from '@guiche/contracts';

/** The bodies, choices and limits are shared with the web dialog: @guiche/contracts queue-integrations.ts. */
export const INTEGRATIONS_PAGE_SIZE = 40;

export const integrationsQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
});

export const integrationParamsSchema = idParams;
