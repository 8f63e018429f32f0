import { z } from '@hono/zod-openapi';
import { TimestampSchema } from './common';
import { PlayerNameSchema } from './players';

/** PATCH /v1/me body. */
export const RenameSchema = z.object({ name: PlayerNameSchema }).strict().openapi('Rename');

/** One open session of your account: what one of your tokens stands for. */
export const TokenInfoSchema = z
  .object({
    id: z.string().openapi({ description: 'Revoke it by this id. `legacy`: a token issued before sessions existed.' }),
    createdAt: TimestampSchema.nullable().openapi({ description: 'When it was issued; null for the legacy one.' }),
    current: z.boolean().openapi({ description: 'True for the token this request was sent with.' }),
  })
  .openapi('TokenInfo');

/** GET /v1/me/tokens reply. */
export const TokenListSchema = z.object({ tokens: z.array(TokenInfoSchema).readonly() }).openapi('TokenList');

/** POST /v1/me/tokens reply: the token is shown once. */
export const NewTokenSchema = z
  .object({
    token: z.string().openapi({ description: 'A new bearer token of your account. Shown only in this reply.' }),
    id: z.string(),
    createdAt: TimestampSchema,
  })
  .openapi('NewToken');
