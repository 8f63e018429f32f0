import { createRoute, z } from '@hono/zod-openapi';
import { InvitationSchema } from '../schemas/invitation';
import { cacheControl } from './headers';
import { documented, json } from './responses';
import { gameIdParams as params } from './params';

/** The invite code, as `getInvitation` takes it: in a header, never in the URL. */
const InviteCodeHeader = z
  .string()
  .min(1)
  .max(200)
  .openapi({ description: 'The game’s invite code (`inviteCode`: the part of an invite link after `#`).' });

export const getInvitation = documented(
  createRoute({
    method: 'get',
    path: '/v1/games/{id}/invitation',
    operationId: 'getInvitation',
    tags: ['Games'],
    summary: 'Look at an invitation',
    description: [
      'What an invite link says of its game, before joining (no token needed): who invites, the rules, the seats, the status.',
      'The code goes in the `Invite-Code` header, out of URLs and their logs. A wrong code is refused as `joinGame` refuses it. Limited per client address (policy `"invitation"`).',
    ].join('\n\n'),
    security: [],
    request: { params, headers: z.object({ 'invite-code': InviteCodeHeader }) },
    responses: {
      200: { description: 'The invitation.', ...json(InvitationSchema), headers: cacheControl },
    },
  }),
);
