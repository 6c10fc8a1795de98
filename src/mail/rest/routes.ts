import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runOperation, type OperationRunner } from '../../platform/rest/bridge.js';
import { defineRoute } from '../../platform/rest/catalog.js';
import { graphql } from '../../platform/rest/generated/index.js';
import { mailApi } from './api.js';

const CONFIRM = graphql(`
  mutation ConfirmHelpAgentAddress($token: String!) {
    confirmed: confirmHelpAgentAddress(token: $token)
  }
`);

const Confirmed = z.object({ message: z.string() });

export function registerMailRoutes(app: FastifyInstance, gateway: OperationRunner): void {
  defineRoute(
    app,
    {
      api: mailApi,
      method: 'GET',
      path: '/api/mail/confirm/:token',
      summary: 'Confirm a notification address (the link its confirmation mail carries)',
      auth: 'none',
      params: z.object({ token: z.string().max(100) }),
      responses: {
        200: { description: 'Confirmed', schema: Confirmed },
        404: { description: 'The link is unknown, used or expired', schema: Confirmed },
      },
    },
    async (request, reply) => {
      const result = await runOperation(gateway, request, CONFIRM, { token: request.params.token });
      if (result.data?.confirmed) return reply.code(200).send({ message: 'Address confirmed' });
      return reply.code(404).send({ message: 'This link is unknown, used or expired' });
    },
  );
}
